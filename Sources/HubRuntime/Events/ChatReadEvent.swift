/// `chat.read`: pushd clears the badge on the owner's devices.
public struct ChatReadEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatRead
    public var conversationId: String
    public var ownerKind: String
    public var ownerValue: String
    public var readAt: String

    public init(conversationId: String, ownerKind: String, ownerValue: String, readAt: String) {
        self.conversationId = conversationId
        self.ownerKind = ownerKind
        self.ownerValue = ownerValue
        self.readAt = readAt
    }
}
