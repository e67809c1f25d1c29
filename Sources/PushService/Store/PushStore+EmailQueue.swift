import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The outgoing email queue. A row is written once per dedupe key; an attempt is marked
/// before the submission (`started_ms`) and its outcome recorded after, so an attempt a crash
/// interrupted leaves the row queued and it is sent again with the same Message-ID.
extension PushStore {
    /// How long a sent or failed row is kept (its delivery state shown) before it is removed.
    static let emailRetention: Int64 = 30 * 86_400_000

    /// Queues `draft` unless email is off or its key was queued before (sent or not). Callable
    /// inside another transaction (the one that stores the event causing it). Returns whether
    /// a row was added.
    @discardableResult
    public func enqueueEmail(_ draft: EmailDraft) throws -> Bool {
        guard emailEnabled else { return false }
        guard (1...EmailDraft.maximumKeyLength).contains(draft.dedupeKey.utf8.count) else {
            throw EmailCompositionError.invalidDedupeKey
        }
        let now = nowMillis
        try db.run(
            """
            INSERT OR IGNORE INTO email_queue (dedupe_key, kind, recipient, recipient_name, subject, text_body, html_body,
                                               list_unsubscribe, next_attempt_ms, created_ms, updated_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(draft.dedupeKey), .text(draft.kind), .text(draft.to.address), SQLValue(draft.to.name), .text(draft.subject),
                .text(try storedBody(draft.text, of: draft)), .text(try storedBody(draft.html, of: draft)),
                SQLValue(draft.listUnsubscribe), .int(now), .int(now), .int(now),
            ])
        return db.changes == 1
    }

    /// Queues the email an event calls for (a public reply to a report with a reporter
    /// address); call inside the transaction that stores the event. A recipient that cannot
    /// take email gets a failed row saying so, which the reply's delivery state shows.
    func enqueueEmails(for body: OutboxEventBody) throws -> Int {
        guard emailEnabled, case .feedbackReplied(let reply) = body, let built = ReplyEmail.draft(for: reply) else { return 0 }
        if let draft = built.draft { return try enqueueEmail(draft) ? 1 : 0 }
        let now = nowMillis
        try db.run(
            """
            INSERT OR IGNORE INTO email_queue (dedupe_key, kind, recipient, subject, text_body, html_body, state, last_error,
                                               next_attempt_ms, created_ms, updated_ms, completed_ms)
            VALUES (?, ?, ?, '', '', '', 'failed', 'the address cannot receive email', ?, ?, ?, ?)
            """,
            [
                .text(ReplyEmail.dedupeKey(replyId: reply.replyId)), .text(ReplyEmail.kind), .text(built.recipient), .int(now), .int(now),
                .int(now), .int(now),
            ])
        return 0
    }

    /// Queued emails whose time has come, oldest due first.
    func dueEmails(limit: Int) throws -> [EmailQueueItem] {
        try db.query(
            "SELECT * FROM email_queue WHERE state = 'queued' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?",
            [.int(nowMillis), .int(Int64(limit))]
        ).map { openedBodies(try EmailQueueItem(row: $0)) }
    }

    /// Marks an attempt as begun, durably, before the server is contacted.
    func markEmailStarted(_ item: EmailQueueItem) throws {
        try db.run("UPDATE email_queue SET started_ms = ?, updated_ms = ? WHERE id = ?", [.int(nowMillis), .int(nowMillis), .int(item.id)])
    }

    /// The server took it: the bodies are cleared at once (no private text lingers).
    func recordEmailSent(_ item: EmailQueueItem) throws {
        try complete(item, state: "sent", error: nil)
    }

    /// Given up (a 5xx, the last attempt, or a message that cannot be written).
    func recordEmailFailed(_ item: EmailQueueItem, error: String) throws {
        try complete(item, state: "failed", error: error)
    }

    /// A failed attempt that may pass later: the row waits `delay` seconds.
    func recordEmailRetry(_ item: EmailQueueItem, error: String, delay: TimeInterval) throws {
        let now = nowMillis
        try db.run(
            """
            UPDATE email_queue SET attempts = attempts + 1, last_error = ?, next_attempt_ms = ?, started_ms = NULL, updated_ms = ?
            WHERE id = ? AND state = 'queued'
            """, [.text(error), .int(now + Int64(delay * 1000)), .int(now), .int(item.id)])
    }

    private func complete(_ item: EmailQueueItem, state: String, error: String?) throws {
        let now = nowMillis
        try db.run(
            """
            UPDATE email_queue SET state = ?, attempts = attempts + 1, last_error = ?, text_body = '', html_body = '',
                started_ms = NULL, updated_ms = ?, completed_ms = ?
            WHERE id = ? AND state = 'queued'
            """, [.text(state), SQLValue(error), .int(now), .int(now), .int(item.id)])
    }

    /// Removes sent and failed rows completed more than 30 days ago; returns how many.
    @discardableResult
    func pruneEmails() throws -> Int {
        try db.run(
            "DELETE FROM email_queue WHERE state != 'queued' AND completed_ms < ?", [.int(nowMillis - Self.emailRetention)])
        return db.changes
    }

    /// The state of the emails under `keys`, by key; a key without a row is absent.
    public func emailDeliveries(keys: [String]) throws -> [String: EmailDeliveryStatus] {
        var found: [String: EmailDeliveryStatus] = [:]
        for key in Set(keys) {
            guard let row = try db.queryOne("SELECT state, attempts, last_error FROM email_queue WHERE dedupe_key = ?", [.text(key)])
            else { continue }
            found[key] = EmailDeliveryStatus(
                state: try row.text("state"), attempts: Int(try row.integer("attempts")), lastError: row.string("last_error"))
        }
        return found
    }
}
