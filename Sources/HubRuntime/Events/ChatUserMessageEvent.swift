/// `chat.user_message`: a user's message, with its text for the chat-ops integrations
/// (pushd keeps it only until the integration has posted it).
public struct ChatUserMessageEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatUserMessage
    public var conversationId: String
    public var messageId: String
    /// In characters, as chatd's length limit counts them.
    public var bodyLength: Int
    public var createdAt: String
    /// The text (absent in rows written before it was carried).
    public var body: String?
    /// How many photos the message carries; integrations say so instead of forwarding them.
    public var imageCount: Int?

    public init(
        conversationId: String, messageId: String, bodyLength: Int, createdAt: String, body: String? = nil,
        imageCount: Int? = nil
    ) {
        self.conversationId = conversationId
        self.messageId = messageId
        self.bodyLength = bodyLength
        self.createdAt = createdAt
        self.body = body
        self.imageCount = imageCount
    }
}

// Appended with every user message (chat.send): written without an encoder.
extension ChatUserMessageEvent: SortedJSONWritable {
    public func writeSortedJSON(to out: inout JSONBuffer) {
        out += "{"
        if let body {
            out += "\"body\":"
            out.string(body)
            out += ","
        }
        out += "\"bodyLength\":"
        out += String(bodyLength)
        out += ",\"conversationId\":"
        out.string(conversationId)
        out += ",\"createdAt\":"
        out.string(createdAt)
        if let imageCount {
            out += ",\"imageCount\":"
            out += String(imageCount)
        }
        out += ",\"messageId\":"
        out.string(messageId)
        out += "}"
    }
}
