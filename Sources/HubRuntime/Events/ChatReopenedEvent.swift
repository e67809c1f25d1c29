/// `chat.reopened`. No owner: only pushd needs one, and it has nothing to send for a reopening.
public struct ChatReopenedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatReopened
    public var conversationId: String
    public var reopenedAt: String

    public init(conversationId: String, reopenedAt: String) {
        self.conversationId = conversationId
        self.reopenedAt = reopenedAt
    }
}
