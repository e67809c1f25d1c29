/// Names a project for the Telegram RPCs.
public struct TelegramProjectRef: Codable, Equatable, Sendable {
    public var projectId: String
    public init(projectId: String) { self.projectId = projectId }
}

/// `telegram.connect`: checks the bot token with `getMe`, then registers the webhook (or
/// clears it for polling) and stores the connection with the token and the webhook secret
/// sealed (associated data: organization and project). A project already connected is 409
/// `ALREADY_CONNECTED` (disconnect first); a bot serving another project is 409 `BOT_IN_USE`;
/// a token Telegram refuses is 400 `TOKEN_REJECTED`.
public enum TelegramConnect: RPCMessage {
    public static let type = "telegram.connect"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var projectId: String
        /// The app's name, for topic names.
        public var appName: String
        public var botToken: String
        public var mode: TelegramConnection.Mode
        /// `<public URL>/api/v1/integrations/telegram/webhook/` (the integration ID is appended);
        /// required for `webhook`.
        public var webhookBase: String?
        /// `<public URL>` for the dashboard links posted with a thread's first message.
        public var hubURL: String?
        public init(
            organizationId: String, projectId: String, appName: String, botToken: String, mode: TelegramConnection.Mode,
            webhookBase: String?, hubURL: String?
        ) {
            self.organizationId = organizationId
            self.projectId = projectId
            self.appName = appName
            self.botToken = botToken
            self.mode = mode
            self.webhookBase = webhookBase
            self.hubURL = hubURL
        }
    }
    public typealias Response = TelegramConnection
}

/// `telegram.connection`: the project's connection (`disconnected` when it has none).
public enum TelegramConnectionGet: RPCMessage {
    public static let type = "telegram.connection"
    public typealias Request = TelegramProjectRef
    public typealias Response = TelegramConnection
}

/// `telegram.configure`: chooses the group (one of the detected ones), maps a Telegram user to
/// a member, or removes a mapping. 404 `NOT_CONNECTED` without a connection; a group never
/// detected is 400 `GROUP_NOT_DETECTED`.
public enum TelegramConfigure: RPCMessage {
    public static let type = "telegram.configure"
    public struct MemberMapping: Codable, Equatable, Sendable {
        public var telegramUserId: String
        /// nil removes the mapping.
        public var memberId: String?
        public var name: String?
        public init(telegramUserId: String, memberId: String?, name: String?) {
            self.telegramUserId = telegramUserId
            self.memberId = memberId
            self.name = name
        }
    }
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var groupId: String?
        public var member: MemberMapping?
        /// `<public URL>` for the dashboard links, when it changed.
        public var hubURL: String?
        public init(projectId: String, groupId: String? = nil, member: MemberMapping? = nil, hubURL: String? = nil) {
            self.projectId = projectId
            self.groupId = groupId
            self.member = member
            self.hubURL = hubURL
        }
    }
    public typealias Response = TelegramConnection
}

/// `telegram.disconnect`: revokes the connection at once (its pending work and mappings are
/// dropped in the same transaction), then tries `deleteWebhook`; the answer does not depend on
/// Telegram being reachable.
public enum TelegramDisconnect: RPCMessage {
    public static let type = "telegram.disconnect"
    public typealias Request = TelegramProjectRef
    public struct Response: Codable, Equatable, Sendable {
        public var disconnected: Bool
        /// Whether Telegram confirmed the webhook's removal.
        public var webhookDeleted: Bool
        public init(disconnected: Bool, webhookDeleted: Bool) {
            self.disconnected = disconnected
            self.webhookDeleted = webhookDeleted
        }
    }
}

/// `telegram.webhook.verify`: whether `secretToken` is the webhook secret of a connected
/// integration in webhook mode: ingest asks it from the request head, before the body is read.
/// 401 `INVALID_SECRET` otherwise (an unknown integration answers the same).
public enum TelegramWebhookVerify: RPCMessage {
    public static let type = "telegram.webhook.verify"
    public struct Request: Codable, Equatable, Sendable {
        public var integrationId: String
        public var secretToken: String
        public init(integrationId: String, secretToken: String) {
            self.integrationId = integrationId
            self.secretToken = secretToken
        }
    }
    public typealias Response = RPCEmpty
}

/// `telegram.webhook.update`: one update Telegram posted to the webhook, handed over as its
/// JSON text; verified again, then handled (a reply or `/resolve` reaches chatd or ingest
/// before the answer, so Telegram's redelivery after a failure is what retries it).
public enum TelegramWebhookUpdate: RPCMessage {
    public static let type = "telegram.webhook.update"
    public struct Request: Codable, Equatable, Sendable {
        public var integrationId: String
        public var secretToken: String
        public var update: String
        public init(integrationId: String, secretToken: String, update: String) {
            self.integrationId = integrationId
            self.secretToken = secretToken
            self.update = update
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// What became of it: `reply`, `resolved`, `group_detected`, `ignored`, `duplicate`.
        public var outcome: String
        public init(outcome: String) { self.outcome = outcome }
    }
}
