/// `chat.replied`. The owner is what pushd needs to find the user's devices.
public struct ChatRepliedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatReplied
    public var conversationId: String
    /// `email` or `token`, as chatd stores the conversation's owner.
    public var ownerKind: String
    public var ownerValue: String
    public var messageId: String
    public var createdAt: String

    public init(conversationId: String, ownerKind: String, ownerValue: String, messageId: String, createdAt: String) {
        self.conversationId = conversationId
        self.ownerKind = ownerKind
        self.ownerValue = ownerValue
        self.messageId = messageId
        self.createdAt = createdAt
    }
}
