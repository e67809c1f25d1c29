import Foundation
import HubMessaging
import HubRuntime

/// What an update from Telegram (webhook or `getUpdates`) does: records groups the bot is seen
/// in, adopts announced topics, and turns a team member's text in a mapped topic (or a reply to
/// a mapped message) into a team reply, or `/resolve` into a resolution, through chatd's or
/// ingest's RPCs. The Telegram message ID is the reply's idempotency key, so an update handled
/// twice replies once. A failure of those RPCs throws, so the update is delivered again.
final class TelegramInbound: @unchecked Sendable {
    enum Outcome: String {
        case reply
        case resolved
        case groupDetected = "group_detected"
        case topicAdopted = "topic_adopted"
        case ignored
    }

    /// How long a user's status in the group is trusted before it is asked again.
    static let statusCacheMs: Int64 = 60_000

    private let store: PushStore
    private let api: TelegramBotAPI
    private let chatd: RPCClient
    private let ingest: RPCClient
    private let logger: Logger
    private var statuses: [String: (status: String, until: Int64)] = [:]
    private let lock = NSLock()

    init(store: PushStore, api: TelegramBotAPI, chatd: RPCClient, ingest: RPCClient, logger: Logger) {
        self.store = store
        self.api = api
        self.chatd = chatd
        self.ingest = ingest
        self.logger = logger
    }

    func handle(_ update: [String: Any], integration: TelegramIntegration) throws -> Outcome {
        if let member = update["my_chat_member"] as? [String: Any] { return try chatMember(member, integration) }
        guard let message = update["message"] as? [String: Any], let chat = message["chat"] as? [String: Any],
            let chatId = Self.int(chat["id"]).map(String.init)
        else { return .ignored }
        let type = chat["type"] as? String ?? ""
        guard type == "group" || type == "supergroup" else { return .ignored }
        try store.recordTelegramGroup(
            integrationId: integration.id, chatId: chatId, title: chat["title"] as? String ?? "",
            isForum: chat["is_forum"] as? Bool ?? false,
            botStatus: nil)
        guard chatId == integration.groupId else { return .groupDetected }
        if let created = message["forum_topic_created"] as? [String: Any], let threadId = Self.int(message["message_thread_id"]) {
            let adopted = try store.adoptTopic(
                integrationId: integration.id, chatId: chatId, name: created["name"] as? String ?? "", threadId: threadId)
            return adopted ? .topicAdopted : .ignored
        }
        guard let text = message["text"] as? String, !text.isEmpty, message["sender_chat"] == nil,
            let from = message["from"] as? [String: Any], from["is_bot"] as? Bool != true, let userId = Self.int(from["id"]),
            let messageId = Self.int(message["message_id"])
        else { return .ignored }
        let threadId = message["is_topic_message"] as? Bool == true ? Self.int(message["message_thread_id"]) : nil
        let replyTo = (message["reply_to_message"] as? [String: Any]).flatMap { Self.int($0["message_id"]) }
        guard let subject = try store.telegramSubject(integrationId: integration.id, chatId: chatId, threadId: threadId, replyTo: replyTo)
        else { return .ignored }
        let command = Self.command(text, botUsername: integration.botUsername)
        if command == .other { return .ignored }
        guard let author = try author(userId: String(userId), from: from, chatId: chatId, integration: integration) else {
            return .ignored
        }
        if command == .resolve {
            return try resolve(subject, integration: integration, author: author.label)
        }
        let key = "telegram:\(chatId):\(messageId)"
        switch subject.kind {
        case "chat":
            let reply = chatd.call(
                ChatTeamPost.self,
                ChatTeamPost.Request(
                    projectId: integration.projectId, conversationId: subject.id, body: text, internal: false,
                    author: author.label, idempotencyKey: key, source: integration.source, requireOpen: true))
            switch reply {
            case .success: break
            case .failure(let error) where error.status.map({ (400..<500).contains($0) }) == true:
                logger.info("telegram reply refused", ["integration": integration.id, "code": error.code])
                return .ignored
            case .failure(let error): throw error
            }
        default:
            let reply = ingest.call(
                FeedbackTeamReply.self,
                FeedbackTeamReply.Request(
                    projectId: integration.projectId, reportId: subject.id, message: text, idempotencyKey: key,
                    author: author.label, authorName: author.name, source: integration.source))
            switch reply {
            case .success: break
            case .failure(let error) where error.status.map({ (400..<500).contains($0) }) == true:
                logger.info("telegram reply refused", ["integration": integration.id, "code": error.code])
                return .ignored
            case .failure(let error): throw error
            }
        }
        try store.recordInboundMessage(
            integrationId: integration.id, chatId: chatId, messageId: messageId, kind: subject.kind, id: subject.id)
        return .reply
    }

    private func resolve(_ subject: (kind: String, id: String), integration: TelegramIntegration, author: String) throws -> Outcome {
        if subject.kind == "chat" {
            let ref = ChatConversationRef(projectId: integration.projectId, conversationId: subject.id)
            let summary = try chatd.call(ChatTeamConversation.self, ref).get()
            guard summary.status == .open else { return .ignored }
            _ = try chatd.call(
                ChatTeamResolve.self,
                ChatTeamResolve.Request(
                    projectId: integration.projectId, conversationId: subject.id, sentiment: .neutral,
                    automaticReviewRequests: false, source: integration.source)
            ).get()
        } else {
            _ = try ingest.call(
                FeedbackTeamStatus.self,
                FeedbackTeamStatus.Request(
                    projectId: integration.projectId, reportId: subject.id, status: "done", author: author, source: integration.source)
            ).get()
        }
        return .resolved
    }

    private func chatMember(_ update: [String: Any], _ integration: TelegramIntegration) throws -> Outcome {
        guard let chat = update["chat"] as? [String: Any], let chatId = Self.int(chat["id"]).map(String.init),
            let status = (update["new_chat_member"] as? [String: Any])?["status"] as? String
        else { return .ignored }
        let type = chat["type"] as? String ?? ""
        guard type == "group" || type == "supergroup" else { return .ignored }
        try store.recordTelegramGroup(
            integrationId: integration.id, chatId: chatId, title: chat["title"] as? String ?? "",
            isForum: chat["is_forum"] as? Bool ?? false, botStatus: status)
        if chatId == integration.groupId, status == "left" || status == "kicked" {
            let problem = TelegramProblem.describe(.botRemoved)!
            try store.haltTelegram(integrationId: integration.id, code: problem.code, message: problem.message)
        }
        return .groupDetected
    }

    /// A mapped member who is still in the group, else a group administrator or its creator;
    /// anyone else is not the team.
    private func author(userId: String, from: [String: Any], chatId: String, integration: TelegramIntegration) throws -> (
        label: String, name: String?
    )? {
        let status = try groupStatus(userId: userId, chatId: chatId, integration: integration)
        if let member = try store.telegramMember(integrationId: integration.id, telegramUserId: userId) {
            guard ["creator", "administrator", "member", "restricted"].contains(status) else { return nil }
            return ("member:" + member.memberId, member.name)
        }
        guard status == "administrator" || status == "creator" else { return nil }
        let name = [from["first_name"] as? String, from["last_name"] as? String].compactMap { $0 }.joined(separator: " ")
        return ("telegram:" + userId, name.isEmpty ? nil : name + " (Telegram)")
    }

    /// The user's `getChatMember` status in the group, trusted for a minute.
    private func groupStatus(userId: String, chatId: String, integration: TelegramIntegration) throws -> String {
        let key = integration.id + "|" + chatId + "|" + userId
        let now = store.nowMillis
        if let cached = lock.withLock({ statuses[key] }), cached.until > now { return cached.status }
        let token = try store.openToken(integration)
        switch api.call(token: token, "getChatMember", ["chat_id": chatId, "user_id": userId]) {
        case .success(let result):
            let status = (result as? [String: Any])?["status"] as? String ?? ""
            lock.withLock { statuses[key] = (status, now + Self.statusCacheMs) }
            return status
        case .failure(let failure) where failure.kind == .transient:
            throw RPCError(code: "PROVIDER_UNAVAILABLE", message: "Telegram could not be asked who wrote this", status: 503)
        case .failure:
            return ""
        }
    }

    enum Command: Equatable {
        case none
        case resolve
        case other
    }

    /// `/resolve` or `/resolve@<this bot>`, alone or followed by text; any other command (or
    /// `/resolve` addressed to another bot) is not for the hub.
    static func command(_ text: String, botUsername: String) -> Command {
        guard text.hasPrefix("/") else { return .none }
        let word = text.prefix { !$0.isWhitespace }
        let parts = word.split(separator: "@", maxSplits: 1)
        guard parts.first?.lowercased() == "/resolve" else { return .other }
        if parts.count == 2, parts[1].lowercased() != botUsername.lowercased() { return .other }
        return .resolve
    }

    static func int(_ value: Any?) -> Int64? {
        if let number = value as? NSNumber { return number.int64Value }
        if let text = value as? String { return Int64(text) }
        return nil
    }
}
