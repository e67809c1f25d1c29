import Foundation
import HubRuntime

/// A daemon's outbox: events other parts of the hub must not miss, in the daemon's own
/// `outbox` table (`id`, `topic`, `project_id`, `payload`, `created_at`, `acknowledged_at`).
/// An event is appended inside the transaction of the change it reports, so both commit or
/// neither; consumers read pending events in ID (creation) order and acknowledge what they
/// have made durable on their side; `removeExpired` applies the retention.
///
///     try db.transaction {
///         try db.run("UPDATE …")
///         try outbox.append(FeedbackStatusEvent(id: id, projectId: projectId, status: status), projectId: projectId)
///     }
public struct Outbox: Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let ids: TimeSortableID
    /// Topics a consumer acknowledges (`OutboxConsumers`); the others expire while pending.
    public let consumedTopics: Set<OutboxTopic>
    public let retention: OutboxRetention

    public init(
        db: SQLiteDatabase, clock: Clock, ids: TimeSortableID, consumedTopics: Set<OutboxTopic>,
        retention: OutboxRetention = .standard
    ) {
        self.db = db
        self.clock = clock
        self.ids = ids
        self.consumedTopics = consumedTopics
        self.retention = retention
    }

    /// Appends an event; call inside the write transaction whose change it reports.
    public func append<Payload: OutboxEventPayload>(_ event: Payload, projectId: String?) throws {
        try db.run(
            "INSERT INTO outbox (id, topic, project_id, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            [
                .text(ids.next()), .text(Payload.topic.rawValue), SQLValue(projectId), .text(try OutboxEvent.encode(event)),
                .text(ISOTime.format(clock.now())),
            ])
    }

    /// Unacknowledged events, oldest first; only those of `topics` when given. A consumer asks
    /// for its topics (`consumedTopics`): handing it events it does not read would get them
    /// acknowledged instead of expired.
    public func pending(limit: Int = 100, topics: Set<OutboxTopic>? = nil) throws -> [OutboxEvent] {
        let values = topics.map { $0.map(\.rawValue).sorted().map { SQLValue.text($0) } }
        return try db.query(Outbox.pendingSQL(topics: values?.count), (values ?? []) + [.int(Int64(limit))]).map {
            try OutboxEvent(
                id: $0.text("id"), topic: $0.text("topic"), projectId: $0.string("project_id"),
                payload: $0.text("payload"), createdAt: $0.text("created_at"))
        }
    }

    /// Pending events in ID order: the topics' values (when `topics`, their count) come
    /// first, then the limit.
    static func pendingSQL(topics: Int?) -> String {
        let filter = topics.map { " AND topic IN (\(SQLiteDatabase.placeholders($0)))" } ?? ""
        return """
            SELECT id, topic, project_id, payload, created_at FROM outbox
            WHERE acknowledged_at IS NULL\(filter) ORDER BY id LIMIT ?
            """
    }

    /// Acknowledges one pending event: `?1` the time, `?2` its ID.
    static let acknowledgeSQL = "UPDATE outbox SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL"

    /// Removes the events acknowledged before `?1`.
    static let removeAcknowledgedSQL = "DELETE FROM outbox WHERE acknowledged_at IS NOT NULL AND acknowledged_at < ?"

    /// Marks events delivered; unknown IDs are ignored, so a repeated acknowledgement is harmless.
    public func acknowledge(ids acknowledged: [String]) throws {
        let at = ISOTime.format(clock.now())
        try db.transaction {
            for id in acknowledged {
                try db.run(Outbox.acknowledgeSQL, [.text(at), .text(id)])
            }
        }
    }

    /// Deletes, in one transaction, events acknowledged longer ago than `retention.acknowledged`
    /// and pending events of unconsumed topics created longer ago than `retention.unconsumed`.
    /// Pending events of consumed topics are never deleted. Returns how many rows went.
    public func removeExpired() throws -> Int {
        let now = clock.now()
        let acknowledgedCutoff = ISOTime.format(now.addingTimeInterval(-retention.acknowledged))
        let unconsumedCutoff = ISOTime.format(now.addingTimeInterval(-retention.unconsumed))
        let consumed = consumedTopics.map(\.rawValue).sorted()
        return try db.transaction {
            try db.run(Outbox.removeAcknowledgedSQL, [.text(acknowledgedCutoff)])
            var removed = db.changes
            let placeholders = Array(repeating: "?", count: consumed.count).joined(separator: ", ")
            try db.run(
                """
                DELETE FROM outbox WHERE acknowledged_at IS NULL AND created_at < ? AND topic NOT IN (\(placeholders))
                """, [.text(unconsumedCutoff)] + consumed.map { .text($0) })
            removed += db.changes
            return removed
        }
    }
}
