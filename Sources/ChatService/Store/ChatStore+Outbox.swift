import Foundation
import Shared

extension ChatStore {
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
