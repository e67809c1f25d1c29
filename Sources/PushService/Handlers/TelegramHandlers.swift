import Foundation
import HubCrypto
import HubMessaging
import HubRuntime

/// The Telegram RPCs: connection management for ingest's operator routes and dashboard, and
/// the webhook's updates. Calls that reach Telegram, chatd or ingest run on their own worker,
/// never on the RPC server's thread.
final class TelegramHandlers: @unchecked Sendable {
    private let store: PushStore
    private let api: TelegramBotAPI
    private let inbound: TelegramInbound
    private let workers: WorkerPool
    private let logger: Logger

    init(store: PushStore, api: TelegramBotAPI, inbound: TelegramInbound, logger: Logger) {
        self.store = store
        self.api = api
        self.inbound = inbound
        self.logger = logger
        workers = WorkerPool(name: "telegram-rpc", threads: 2, maxQueued: 256)
    }

    func stop() { workers.stop() }

    func install(on rpc: RPCServer) {
        rpc.register(TelegramConnect.self, on: workers) { [self] request in try connect(request) }
        rpc.register(TelegramConnectionGet.self) { [self] request, _ in
            try store.telegramConnection(store.telegramIntegration(projectId: request.projectId))
        }
        rpc.register(TelegramConfigure.self) { [self] request, _ in try configure(request) }
        rpc.register(TelegramDisconnect.self, on: workers) { [self] request in try disconnect(request) }
        rpc.register(TelegramWebhookVerify.self) { [self] request, _ in
            _ = try verified(request.integrationId, request.secretToken)
            return RPCEmpty()
        }
        rpc.register(TelegramWebhookUpdate.self, on: workers) { [self] request in
            let integration = try verified(request.integrationId, request.secretToken)
            guard let data = request.update.data(using: .utf8),
                let update = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw TelegramErrors.invalidPayload(field: "update", "is not a JSON object") }
            return TelegramWebhookUpdate.Response(outcome: try inbound.handle(update, integration: integration).rawValue)
        }
    }

    /// A token shaped as @BotFather issues them: `<bot id>:<secret>`.
    static func validToken(_ token: String) -> Bool {
        guard token.utf8.count <= 128, let colon = token.firstIndex(of: ":") else { return false }
        let id = token[..<colon]
        let secret = token[token.index(after: colon)...]
        return !id.isEmpty && id.allSatisfy { $0.isASCII && $0.isNumber } && secret.utf8.count >= 20
            && secret.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    private func connect(_ request: TelegramConnect.Request) throws -> TelegramConnection {
        guard Self.validToken(request.botToken) else {
            throw TelegramErrors.invalidPayload(field: "botToken", "must be a bot token from @BotFather (123456:ABC…)")
        }
        if request.mode == .webhook, request.webhookBase == nil {
            throw TelegramErrors.invalidPayload(field: "mode", "webhook needs the hub's public URL (APPNORTH_PUBLIC_URL); use polling")
        }
        if try store.telegramIntegration(projectId: request.projectId) != nil { throw TelegramErrors.alreadyConnected() }
        let me: [String: Any]
        switch api.call(token: request.botToken, "getMe") {
        case .success(let result): me = result as? [String: Any] ?? [:]
        case .failure(let failure) where failure.kind == .transient: throw TelegramErrors.providerUnavailable()
        case .failure: throw TelegramErrors.tokenRejected()
        }
        guard me["is_bot"] as? Bool == true, let botId = TelegramInbound.int(me["id"]), let username = me["username"] as? String else {
            throw TelegramErrors.tokenRejected()
        }
        let id = UUID().uuidString.lowercased()
        let secret = Self.randomSecret()
        let integration = try store.insertTelegram(
            id: id, request: request, botId: String(botId), botUsername: username, secret: secret)
        switch request.mode {
        case .webhook:
            let parameters: [String: Any] = [
                "url": request.webhookBase! + id, "secret_token": secret, "allowed_updates": ["message", "my_chat_member"],
            ]
            if case .failure(let failure) = api.call(token: request.botToken, "setWebhook", parameters) {
                try store.deleteTelegram(id: id)
                logger.warn("telegram setWebhook refused", ["status": failure.status ?? 0, "detail": failure.detail])
                throw failure.kind == .transient ? TelegramErrors.providerUnavailable() : TelegramErrors.webhookFailed()
            }
        case .polling:
            // getUpdates answers 409 while a webhook is set; the poller retries this if it fails now.
            _ = api.call(token: request.botToken, "deleteWebhook", [:])
        }
        logger.info("telegram connected", ["project": request.projectId, "integration": id, "mode": request.mode.rawValue])
        return try store.telegramConnection(integration)
    }

    private func configure(_ request: TelegramConfigure.Request) throws -> TelegramConnection {
        guard let integration = try store.telegramIntegration(projectId: request.projectId) else { throw TelegramErrors.notConnected() }
        if let hubURL = request.hubURL { try store.updateTelegramHubURL(integrationId: integration.id, hubURL: hubURL) }
        if let groupId = request.groupId { try store.chooseTelegramGroup(integrationId: integration.id, chatId: groupId) }
        if let member = request.member {
            guard Int64(member.telegramUserId) != nil else {
                throw TelegramErrors.invalidPayload(field: "member.telegramUserId", "must be Telegram's numeric user ID")
            }
            try store.mapTelegramMember(integrationId: integration.id, mapping: member)
        }
        return try store.telegramConnection(store.telegramIntegration(id: integration.id))
    }

    private func disconnect(_ request: TelegramProjectRef) throws -> TelegramDisconnect.Response {
        guard let integration = try store.telegramIntegration(projectId: request.projectId) else { throw TelegramErrors.notConnected() }
        let token = try? store.openToken(integration)
        try store.deleteTelegram(id: integration.id)
        logger.info("telegram disconnected", ["project": request.projectId, "integration": integration.id])
        guard let token, integration.mode == .webhook else { return .init(disconnected: true, webhookDeleted: false) }
        if case .success = api.call(token: token, "deleteWebhook", [:], timeout: 5) {
            return .init(disconnected: true, webhookDeleted: true)
        }
        return .init(disconnected: true, webhookDeleted: false)
    }

    private func verified(_ integrationId: String, _ secretToken: String) throws -> TelegramIntegration {
        guard let integration = try store.telegramIntegration(id: integrationId), integration.mode == .webhook,
            let secret = try? store.openSecret(integration),
            ConstantTime.equals(Array(secret.utf8), Array(secretToken.utf8))
        else { throw TelegramErrors.invalidSecret() }
        return integration
    }

    /// 32 random bytes as base64url: within `secret_token`'s alphabet (A-Z, a-z, 0-9, _ and -).
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
