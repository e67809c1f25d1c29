/// `discord.install`: starts the bot's OAuth installation for a project: a single-use state,
/// stored hashed for ten minutes, bound to the project and the member who asked. 503
/// `DISCORD_NOT_CONFIGURED` while the platform bot's environment is incomplete; 409
/// `ALREADY_CONNECTED` when the project has an installation (disconnect first).
public enum DiscordInstall: RPCMessage {
    public static let type = "discord.install"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var projectId: String
        public var appName: String
        public var memberId: String?
        /// `<hub URL>/api/v1/integrations/discord/callback`, as registered with Discord.
        public var redirectURI: String
        /// `<hub URL>`, for the dashboard links posted with a thread's first message.
        public var hubURL: String
        public init(
            organizationId: String, projectId: String, appName: String, memberId: String?, redirectURI: String, hubURL: String
        ) {
            self.organizationId = organizationId
            self.projectId = projectId
            self.appName = appName
            self.memberId = memberId
            self.redirectURI = redirectURI
            self.hubURL = hubURL
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var authorizeUrl: String
        public init(authorizeUrl: String) { self.authorizeUrl = authorizeUrl }
    }
}

/// `discord.callback`: Discord's redirect after the bot was authorized: the state is used up
/// (a second use, an unknown or expired one is 400 `INVALID_STATE`), the code exchanged at
/// `/oauth2/token`, the installer learned from `/users/@me`, and the installation recorded with
/// the installer mapped to the member who started it. The access token is not kept.
public enum DiscordCallback: RPCMessage {
    public static let type = "discord.callback"
    public struct Request: Codable, Equatable, Sendable {
        public var state: String
        public var code: String
        public var guildId: String?
        public init(state: String, code: String, guildId: String?) {
            self.state = state
            self.code = code
            self.guildId = guildId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var projectId: String
        public var organizationId: String
        public init(projectId: String, organizationId: String) {
            self.projectId = projectId
            self.organizationId = organizationId
        }
    }
}

/// `discord.connection`: the project's connection with its server's channels.
public enum DiscordConnectionGet: RPCMessage {
    public static let type = "discord.connection"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        /// Whether to ask Discord for the channels and their eligibility.
        public var withChannels: Bool
        public init(projectId: String, withChannels: Bool = true) {
            self.projectId = projectId
            self.withChannels = withChannels
        }
    }
    public typealias Response = DiscordConnection
}

/// `discord.configure`: chooses the channel (an eligible text channel of the server; else 400
/// `CHANNEL_NOT_ELIGIBLE`). Forwarding starts with the next new conversation.
public enum DiscordConfigure: RPCMessage {
    public static let type = "discord.configure"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var channelId: String
        public init(projectId: String, channelId: String) {
            self.projectId = projectId
            self.channelId = channelId
        }
    }
    public typealias Response = DiscordConnection
}

/// `discord.test`: posts a test message in the chosen channel.
public enum DiscordTest: RPCMessage {
    public static let type = "discord.test"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public init(projectId: String) { self.projectId = projectId }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var messageId: String
        public init(messageId: String) { self.messageId = messageId }
    }
}

/// `discord.disconnect`: removes the installation with its pending deliveries and thread
/// mappings at once; messages already in Discord stay.
public enum DiscordDisconnect: RPCMessage {
    public static let type = "discord.disconnect"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public init(projectId: String) { self.projectId = projectId }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var disconnected: Bool
        public init(disconnected: Bool) { self.disconnected = disconnected }
    }
}
