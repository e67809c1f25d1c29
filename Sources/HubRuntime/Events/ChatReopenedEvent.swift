/// `chat.reopened`. No owner: only pushd needs one, and it has nothing to send for a reopening.
public struct ChatReopenedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatReopened
    public var conversationId: String
    public var reopenedAt: String
    /// The integration that reopened it, absent otherwise.
    public var source: String?

    public init(conversationId: String, reopenedAt: String, source: String? = nil) {
        self.source = source
        self.conversationId = conversationId
        self.reopenedAt = reopenedAt
    }
}
