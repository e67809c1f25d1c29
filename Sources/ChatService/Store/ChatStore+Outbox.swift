import Foundation
import HubStore

extension ChatStore {
    /// The owner and IDs of a conversation, for event payloads.
    static func eventPayload(conversation: Row, extra: [String: Any] = [:]) throws -> [String: Any] {
        var payload: [String: Any] = try [
            "conversationId": conversation.text("id"),
            "ownerKind": conversation.text("owner_kind"),
            "ownerValue": conversation.text("owner_value"),
        ]
        payload.merge(extra) { _, new in new }
        return payload
    }
}
