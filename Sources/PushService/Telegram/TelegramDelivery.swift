import Foundation
import HubRuntime

/// One delivery pass over the integrations' queues: for each connection that may send, its
/// oldest posts in order, opening a subject's topic before its first post. A subject whose post
/// must wait holds back its later posts only; a connection-wide refusal (rights, removed bot,
/// revoked token) halts that connection with a visible problem; 429 pauses it for `retry_after`.
final class TelegramDelivery: @unchecked Sendable {
    /// How long a topic creation whose outcome was lost (a crash, a timeout) waits for Telegram's
    /// `forum_topic_created` announcement before it is tried again.
    static let adoptionGrace: Int64 = 30_000
    /// Longest pause between retries of one post.
    static let maximumBackoff: TimeInterval = 900
    /// Posts taken per connection and pass.
    static let batch = 100

    enum Step {
        case delivered
        /// This subject waits; others go on.
        case wait
        /// Nothing more for this connection in this pass.
        case stopIntegration
        /// The topic was deleted: open a new one and post again.
        case again
    }

    private let store: PushStore
    private let api: TelegramBotAPI
    private let pacer: TelegramPacer
    private let logger: Logger
    private let retryBase: TimeInterval
    let counters = TelegramCounters()

    init(store: PushStore, api: TelegramBotAPI, perMinute: Int, retryBase: TimeInterval, logger: Logger) {
        self.store = store
        self.api = api
        self.pacer = TelegramPacer(perMinute: perMinute)
        self.retryBase = retryBase
        self.logger = logger
    }

    /// Returns how many chunks went out.
    @discardableResult
    func runPass() throws -> Int {
        var sent = 0
        for integration in try store.dueTelegramIntegrations() {
            let token: String
            do {
                token = try store.openToken(integration)
            } catch {
                logger.error("telegram token unreadable", ["integration": integration.id, "error": "\(error)"])
                try store.haltTelegram(
                    integrationId: integration.id, code: "CREDENTIALS_UNREADABLE",
                    message: "The bot token cannot be opened with the current credentials key. Connect the bot again.")
                continue
            }
            sent += try deliver(integration, token: token)
        }
        return sent
    }

    private func deliver(_ integration: TelegramIntegration, token: String) throws -> Int {
        let before = counters.sent
        var blocked = Set<String>()
        let now = store.nowMillis
        items: for item in try store.pendingTelegramPosts(integrationId: integration.id, limit: Self.batch) {
            let subject = item.subjectKind + ":" + item.subjectId
            if blocked.contains(subject) { continue }
            if item.nextAttemptMs > now {
                blocked.insert(subject)
                continue
            }
            var step = try post(item, integration, token: token)
            if case .again = step { step = try post(item, integration, token: token) }
            switch step {
            case .delivered: continue
            case .wait, .again: blocked.insert(subject)
            case .stopIntegration: break items
            }
        }
        return counters.sent - before
    }

    private func post(_ item: TelegramQueueItem, _ integration: TelegramIntegration, token: String) throws -> Step {
        guard var thread = try store.telegramThread(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId) else {
            try store.dropPost(item)
            return .delivered
        }
        if thread.opening {
            switch try open(&thread, item, integration, token: token) {
            case .delivered: break
            case let other: return other
            }
        }
        let chunks = ChatOpsText.chunks(item.text)
        var current = item
        while current.chunksSent < chunks.count {
            if let until = pacer.wait(chatId: thread.chatId, nowMs: store.nowMillis) {
                try store.pauseTelegram(integrationId: integration.id, untilMs: until)
                return .stopIntegration
            }
            var parameters: [String: Any] = [
                "chat_id": thread.chatId, "text": chunks[current.chunksSent],
                "link_preview_options": ["is_disabled": true],
            ]
            if let threadId = thread.threadId { parameters["message_thread_id"] = threadId }
            pacer.record(chatId: thread.chatId, nowMs: store.nowMillis)
            switch api.call(token: token, "sendMessage", parameters) {
            case .success(let result):
                let messageId = ((result as? [String: Any])?["message_id"] as? NSNumber)?.int64Value ?? 0
                try store.recordChunkSent(current, chunkCount: chunks.count, chatId: thread.chatId, messageId: messageId)
                counters.add(sent: 1)
                current.chunksSent += 1
                current.attempts = 0
            case .failure(let failure):
                return try failed(failure, current, integration, creatingTopic: false)
            }
        }
        return .delivered
    }

    private func open(_ thread: inout TelegramThread, _ item: TelegramQueueItem, _ integration: TelegramIntegration, token: String) throws
        -> Step
    {
        guard integration.groupIsForum else {
            try store.recordThreadOpened(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId, threadId: nil)
            thread.opening = false
            return .delivered
        }
        if let started = thread.openStartedMs, store.nowMillis - started < Self.adoptionGrace { return .wait }
        try store.markTopicOpening(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId)
        switch api.call(token: token, "createForumTopic", ["chat_id": thread.chatId, "name": thread.topicName]) {
        case .success(let result):
            let threadId = ((result as? [String: Any])?["message_thread_id"] as? NSNumber)?.int64Value
            try store.recordThreadOpened(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId, threadId: threadId)
            counters.add(topics: 1)
            thread.opening = false
            thread.threadId = threadId
            return .delivered
        case .failure(let failure):
            // An answer (any error status) means Telegram created nothing; only a lost answer
            // leaves the creation's outcome unknown and the marker in place.
            if failure.status != nil {
                try store.reopenThread(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId)
            }
            return try failed(failure, item, integration, creatingTopic: true)
        }
    }

    private func failed(_ failure: TelegramFailure, _ item: TelegramQueueItem, _ integration: TelegramIntegration, creatingTopic: Bool)
        throws -> Step
    {
        switch failure.kind {
        case .rateLimited(let seconds):
            counters.add(rateLimited: 1)
            try store.pauseTelegram(integrationId: integration.id, untilMs: store.nowMillis + Int64(seconds) * 1000)
            return .stopIntegration
        case .transient:
            counters.add(retries: 1)
            let delay = min(retryBase * pow(2, Double(item.attempts)), Self.maximumBackoff)
            try store.recordPostRetry(item, reason: failure.detail, delay: delay)
            return .wait
        case .threadNotFound where !creatingTopic:
            let problem = TelegramProblem.describe(.threadNotFound)!
            try store.noteTelegramProblem(integrationId: integration.id, code: problem.code, message: problem.message)
            try store.reopenThread(integrationId: integration.id, kind: item.subjectKind, id: item.subjectId)
            return .again
        case .rejected, .threadNotFound:
            logger.warn(
                "telegram refused a post; dropped",
                ["integration": integration.id, "status": failure.status ?? 0, "detail": failure.detail])
            counters.add(dropped: 1)
            try store.dropPost(item)
            return .delivered
        case .unauthorized, .notEnoughRights, .notAForum, .botRemoved:
            let problem = TelegramProblem.describe(failure.kind)!
            logger.warn("telegram delivery halted", ["integration": integration.id, "code": problem.code])
            try store.haltTelegram(integrationId: integration.id, code: problem.code, message: problem.message)
            return .stopIntegration
        }
    }
}
