import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The integrations' delivery queue: rows are written with the event that causes them (in the
/// transaction that stores it), each post's chunks are recorded one by one as Telegram accepts
/// them, and a row leaves the queue only when its last chunk is recorded. A crash therefore
/// repeats at most the chunk that was in flight.
extension PushStore {
    /// Queues what the event means for each of the project's Telegram connections that have a
    /// group; call inside the transaction that stores the event. Only subjects opened while the
    /// connection was forwarding get later posts (no backfill). Returns the rows queued.
    func enqueueIntegrations(for event: ChatEvent, body: OutboxEventBody) throws -> Int {
        guard let projectId = event.projectId else { return 0 }
        let integrations = try db.query(
            "SELECT * FROM integrations WHERE project_id = ? AND group_id IS NOT NULL", [.text(projectId)]
        ).map(TelegramIntegration.init(row:))
        guard !integrations.isEmpty else { return 0 }
        var queued = 0
        for integration in integrations {
            queued += try enqueue(body, event: event, for: integration)
        }
        return queued
    }

    private func enqueue(_ body: OutboxEventBody, event: ChatEvent, for integration: TelegramIntegration) throws -> Int {
        switch body {
        case .chatConversationCreated(let created):
            let name = ChatOpsComposer.topicName(
                reporter: created.ownerEmail, appName: integration.appName, subjectId: created.conversationId, report: false)
            try openThread(integration, kind: "chat", id: created.conversationId, name: name, firstMessageId: created.firstMessageId)
            let intro = ChatOpsComposer.conversationIntro(created, appName: integration.appName, hubURL: integration.hubURL)
            return try post(integration, event: event, kind: "chat", id: created.conversationId, text: intro)
        case .chatUserMessage(let message):
            guard let thread = try threadRow(integration.id, "chat", message.conversationId),
                thread.string("first_message_id") != message.messageId, let text = ChatOpsComposer.userMessage(message)
            else { return 0 }
            return try post(integration, event: event, kind: "chat", id: message.conversationId, text: text)
        case .chatReplied(let reply):
            guard reply.kind != "card", reply.source != integration.source, let text = ChatOpsComposer.teamReply(reply.body) else {
                return 0
            }
            return try postIfThread(integration, event: event, kind: "chat", id: reply.conversationId, text: text)
        case .chatResolved(let resolved):
            return try postIfThread(
                integration, event: event, kind: "chat", id: resolved.conversationId, text: ChatOpsComposer.status("resolved"))
        case .chatReopened(let reopened):
            return try postIfThread(
                integration, event: event, kind: "chat", id: reopened.conversationId, text: ChatOpsComposer.status("reopened"))
        case .feedbackCreated(let created):
            let name = ChatOpsComposer.topicName(
                reporter: created.email, appName: integration.appName, subjectId: created.id, report: true)
            try openThread(integration, kind: "report", id: created.id, name: name, firstMessageId: nil)
            let intro = ChatOpsComposer.reportIntro(created, appName: integration.appName, hubURL: integration.hubURL)
            return try post(integration, event: event, kind: "report", id: created.id, text: intro)
        case .feedbackReplied(let reply):
            guard reply.source != integration.source, let text = ChatOpsComposer.teamReply(reply.message) else { return 0 }
            return try postIfThread(integration, event: event, kind: "report", id: reply.id, text: text)
        case .feedbackStatus(let status):
            return try postIfThread(integration, event: event, kind: "report", id: status.id, text: ChatOpsComposer.status(status.status))
        case .chatRead, .invitationCreated, .invitationRevoked, .unknown:
            return 0
        }
    }

    private func openThread(_ integration: TelegramIntegration, kind: String, id: String, name: String, firstMessageId: String?) throws {
        guard let chatId = integration.groupId else { return }
        try db.run(
            """
            INSERT OR IGNORE INTO integration_threads (integration_id, subject_kind, subject_id, chat_id, state, topic_name,
                                                       first_message_id, created_at)
            VALUES (?, ?, ?, ?, 'opening', ?, ?, ?)
            """,
            [
                .text(integration.id), .text(kind), .text(id), .text(chatId), .text(name), SQLValue(firstMessageId),
                .text(ISOTime.format(clock.now())),
            ])
    }

    private func threadRow(_ integrationId: String, _ kind: String, _ id: String) throws -> Row? {
        try db.queryOne(
            "SELECT * FROM integration_threads WHERE integration_id = ? AND subject_kind = ? AND subject_id = ?",
            [.text(integrationId), .text(kind), .text(id)])
    }

    private func postIfThread(_ integration: TelegramIntegration, event: ChatEvent, kind: String, id: String, text: String) throws -> Int {
        guard try threadRow(integration.id, kind, id) != nil else { return 0 }
        return try post(integration, event: event, kind: kind, id: id, text: text)
    }

    private func post(_ integration: TelegramIntegration, event: ChatEvent, kind: String, id: String, text: String) throws -> Int {
        let now = nowMillis
        try db.run(
            """
            INSERT OR IGNORE INTO integration_queue (integration_id, event_id, subject_kind, subject_id, text, next_attempt_ms, created_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(integration.id), .text(event.id), .text(kind), .text(id), .text(text), .int(now), .int(now)])
        return db.changes
    }

    /// The oldest pending posts of an integration, in queue order (a subject's posts go out in
    /// the order they were queued; the caller skips a subject after a post that must wait).
    func pendingTelegramPosts(integrationId: String, limit: Int) throws -> [TelegramQueueItem] {
        try db.query(
            "SELECT * FROM integration_queue WHERE integration_id = ? ORDER BY id LIMIT ?",
            [.text(integrationId), .int(Int64(limit))]
        ).map(TelegramQueueItem.init(row:))
    }

    /// Integrations with pending posts that may send now (not halted, not paused), and the
    /// earliest time one of the others may.
    func dueTelegramIntegrations() throws -> [TelegramIntegration] {
        try db.query(
            """
            SELECT * FROM integrations i WHERE kind = 'telegram' AND halted = 0 AND group_id IS NOT NULL AND paused_until_ms <= ?
            AND EXISTS (SELECT 1 FROM integration_queue q WHERE q.integration_id = i.id AND q.next_attempt_ms <= ?)
            ORDER BY id
            """, [.int(nowMillis), .int(nowMillis)]
        ).map(TelegramIntegration.init(row:))
    }

    func telegramThread(integrationId: String, kind: String, id: String) throws -> TelegramThread? {
        try threadRow(integrationId, kind, id).map(TelegramThread.init(row:))
    }

    /// Marks a topic creation as sent before the call, so a crash before its outcome is recorded
    /// is known afterwards (and the topic can be recognised instead of created again).
    func markTopicOpening(integrationId: String, kind: String, id: String) throws {
        try db.run(
            """
            UPDATE integration_threads SET open_started_ms = ? WHERE integration_id = ? AND subject_kind = ? AND subject_id = ?
            """, [.int(nowMillis), .text(integrationId), .text(kind), .text(id)])
    }

    /// Records the thread (a topic's ID, or none in a group without Topics).
    func recordThreadOpened(integrationId: String, kind: String, id: String, threadId: Int64?) throws {
        try db.run(
            """
            UPDATE integration_threads SET state = 'open', thread_id = ?, open_started_ms = NULL
            WHERE integration_id = ? AND subject_kind = ? AND subject_id = ?
            """, [SQLValue(threadId), .text(integrationId), .text(kind), .text(id)])
    }

    /// A topic Telegram announced (`forum_topic_created`) whose name is that of a thread still
    /// opening after an interrupted creation: that thread takes it. Returns whether one did.
    @discardableResult
    func adoptTopic(integrationId: String, chatId: String, name: String, threadId: Int64) throws -> Bool {
        try db.run(
            """
            UPDATE integration_threads SET state = 'open', thread_id = ?, open_started_ms = NULL
            WHERE integration_id = ? AND chat_id = ? AND topic_name = ? AND state = 'opening' AND open_started_ms IS NOT NULL
            """, [.int(threadId), .text(integrationId), .text(chatId), .text(name)])
        return db.changes > 0
    }

    /// The topic is gone in Telegram: the subject's next post opens a new one.
    func reopenThread(integrationId: String, kind: String, id: String) throws {
        try db.run(
            """
            UPDATE integration_threads SET state = 'opening', thread_id = NULL, open_started_ms = NULL
            WHERE integration_id = ? AND subject_kind = ? AND subject_id = ?
            """, [.text(integrationId), .text(kind), .text(id)])
    }

    /// Records one delivered chunk and its Telegram message (so replies to it map to the
    /// subject), completing the row with its last chunk.
    func recordChunkSent(_ item: TelegramQueueItem, chunkCount: Int, chatId: String, messageId: Int64) throws {
        try db.transaction {
            try db.run(
                """
                INSERT OR IGNORE INTO integration_messages (integration_id, chat_id, message_id, subject_kind, subject_id, created_ms)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(item.integrationId), .text(chatId), .int(messageId), .text(item.subjectKind), .text(item.subjectId),
                    .int(nowMillis),
                ])
            if item.chunksSent + 1 >= chunkCount {
                try db.run("DELETE FROM integration_queue WHERE id = ?", [.int(item.id)])
            } else {
                try db.run(
                    "UPDATE integration_queue SET chunks_sent = ?, attempts = 0 WHERE id = ?",
                    [.int(Int64(item.chunksSent + 1)), .int(item.id)])
            }
        }
    }

    /// A failed attempt: the row waits `delay` seconds.
    func recordPostRetry(_ item: TelegramQueueItem, reason: String, delay: TimeInterval) throws {
        try db.run(
            "UPDATE integration_queue SET attempts = attempts + 1, next_attempt_ms = ?, last_reason = ? WHERE id = ?",
            [.int(nowMillis + Int64(delay * 1000)), .text(reason), .int(item.id)])
    }

    /// A post Telegram refused for itself (not for the connection): dropped, as retrying cannot help.
    func dropPost(_ item: TelegramQueueItem) throws {
        try db.run("DELETE FROM integration_queue WHERE id = ?", [.int(item.id)])
    }

    /// The subject a Telegram message belongs to: by topic in a forum, else by the hub's
    /// message it replies to.
    func telegramSubject(integrationId: String, chatId: String, threadId: Int64?, replyTo: Int64?) throws -> (
        kind: String, id: String
    )? {
        if let threadId,
            let row = try db.queryOne(
                """
                SELECT subject_kind, subject_id FROM integration_threads
                WHERE integration_id = ? AND chat_id = ? AND thread_id = ? AND state = 'open'
                """, [.text(integrationId), .text(chatId), .int(threadId)])
        {
            return (try row.text("subject_kind"), try row.text("subject_id"))
        }
        if let replyTo,
            let row = try db.queryOne(
                "SELECT subject_kind, subject_id FROM integration_messages WHERE integration_id = ? AND chat_id = ? AND message_id = ?",
                [.text(integrationId), .text(chatId), .int(replyTo)])
        {
            return (try row.text("subject_kind"), try row.text("subject_id"))
        }
        return nil
    }

    /// A team message posted from Telegram also maps its conversation (a reply to it works too).
    func recordInboundMessage(integrationId: String, chatId: String, messageId: Int64, kind: String, id: String) throws {
        try db.run(
            """
            INSERT OR IGNORE INTO integration_messages (integration_id, chat_id, message_id, subject_kind, subject_id, created_ms)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(integrationId), .text(chatId), .int(messageId), .text(kind), .text(id), .int(nowMillis)])
    }
}
