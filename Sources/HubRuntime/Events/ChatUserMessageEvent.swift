/// `chat.user_message`. The body stays in chatd, as in every other chat event; a consumer
/// that shows it reads it by `messageId`.
public struct ChatUserMessageEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatUserMessage
    public var conversationId: String
    public var messageId: String
    /// In characters, as chatd's length limit counts them.
    public var bodyLength: Int
    public var createdAt: String

    public init(conversationId: String, messageId: String, bodyLength: Int, createdAt: String) {
        self.conversationId = conversationId
        self.messageId = messageId
        self.bodyLength = bodyLength
        self.createdAt = createdAt
    }
}
