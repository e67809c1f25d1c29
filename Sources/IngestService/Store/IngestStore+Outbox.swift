import Foundation
import Shared

/// The outbox: events other parts of the system must not miss (chat-ops integrations,
/// later the push of replies). Appended inside the transaction of the change they describe,
/// read in ID order, removed from the pending set only when a consumer acknowledges them.
public struct OutboxEvent: Equatable, Sendable {
    public let id: String
    public let topic: String
    public let projectId: String?
    /// JSON object text.
    public let payload: String
    public let createdAt: String
}

extension IngestStore {
    /// Appends an event; call inside the write transaction whose change it reports.
    func appendOutbox(topic: String, projectId: String?, payload: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])
        try db.run("INSERT INTO outbox (id, topic, project_id, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                   [.text(ids.next()), .text(topic), SQLValue(projectId), .text(String(decoding: data, as: UTF8.self)), .text(now())])
    }

    /// Unacknowledged events, oldest first.
    public func pendingOutbox(limit: Int = 100) throws -> [OutboxEvent] {
        try db.query("SELECT * FROM outbox WHERE acknowledged_at IS NULL ORDER BY id LIMIT ?", [.int(Int64(limit))]).map {
            OutboxEvent(id: $0.string("id")!, topic: $0.string("topic")!, projectId: $0.string("project_id"),
                        payload: $0.string("payload")!, createdAt: $0.string("created_at")!)
        }
    }

    /// Marks events delivered; unknown IDs are ignored, so a repeated acknowledgement is harmless.
    public func acknowledgeOutbox(ids acknowledged: [String]) throws {
        try db.transaction {
            for id in acknowledged {
                try db.run("UPDATE outbox SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL", [.text(now()), .text(id)])
            }
        }
    }
}
