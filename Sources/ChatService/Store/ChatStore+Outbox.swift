import Foundation
import Shared

/// An event other parts of the hub must not miss (a team reply leads to a push).
public struct ChatOutboxEvent: Equatable, Sendable {
    public let id: String
    public let topic: String
    public let projectId: String?
    /// JSON object text.
    public let payload: String
    public let createdAt: String
}

/// Outbox topics chatd writes.
public enum ChatOutboxTopic {
    /// A public team reply (or card) the user has not seen yet.
    public static let replied = "chat.replied"
    /// The user read the team's replies.
    public static let read = "chat.read"
    /// The team resolved a conversation.
    public static let resolved = "chat.resolved"
}

extension ChatStore {
    /// Appends an event; call inside the write transaction whose change it reports.
    func appendOutbox(topic: String, projectId: String?, payload: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])
        try db.run("INSERT INTO outbox (id, topic, project_id, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                   [.text(ids.next()), .text(topic), SQLValue(projectId), .text(String(decoding: data, as: UTF8.self)), .text(now())])
    }

    /// Unacknowledged events, oldest first.
    public func pendingOutbox(limit: Int = 100) throws -> [ChatOutboxEvent] {
        try db.query("SELECT * FROM outbox WHERE acknowledged_at IS NULL ORDER BY id LIMIT ?", [.int(Int64(limit))]).map {
            ChatOutboxEvent(id: $0.string("id")!, topic: $0.string("topic")!, projectId: $0.string("project_id"),
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

    /// The owner and IDs of a conversation, for event payloads.
    static func eventPayload(conversation: Row, extra: [String: Any] = [:]) -> [String: Any] {
        var payload: [String: Any] = [
            "conversationId": conversation.string("id")!,
            "ownerKind": conversation.string("owner_kind")!,
            "ownerValue": conversation.string("owner_value")!,
        ]
        payload.merge(extra) { _, new in new }
        return payload
    }
}
