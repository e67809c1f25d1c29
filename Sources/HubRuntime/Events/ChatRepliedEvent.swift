/// `chat.replied`. The owner is what pushd needs to find the user's devices; the text, kind,
/// author and source are what the chat-ops integrations post (and whether to skip it).
public struct ChatRepliedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatReplied
    public var conversationId: String
    /// `email` or `token`, as chatd stores the conversation's owner.
    public var ownerKind: String
    public var ownerValue: String
    public var messageId: String
    public var createdAt: String
    /// The reply's text; absent for a card without text and in older rows.
    public var body: String?
    /// `text` or `card` (integrations forward text replies only); absent in older rows.
    public var kind: String?
    /// Who wrote it (`member:<id>`, `token:<id>`, `telegram:<user id>`).
    public var author: String?
    /// The integration that posted it (`telegram:<integration id>`), so it is not echoed back.
    public var source: String?

    public init(
        conversationId: String, ownerKind: String, ownerValue: String, messageId: String, createdAt: String,
        body: String? = nil, kind: String? = nil, author: String? = nil, source: String? = nil
    ) {
        self.conversationId = conversationId
        self.ownerKind = ownerKind
        self.ownerValue = ownerValue
        self.messageId = messageId
        self.createdAt = createdAt
        self.body = body
        self.kind = kind
        self.author = author
        self.source = source
    }
}
