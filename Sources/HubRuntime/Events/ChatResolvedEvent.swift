/// `chat.resolved`: pushd updates the badge on the owner's devices.
public struct ChatResolvedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatResolved
    public var conversationId: String
    public var ownerKind: String
    public var ownerValue: String
    /// `positive`, `neutral` or `negative`.
    public var sentiment: String
    public var resolvedAt: String
    /// The integration that resolved it (`telegram:<integration id>`), absent otherwise.
    public var source: String?

    public init(
        conversationId: String, ownerKind: String, ownerValue: String, sentiment: String, resolvedAt: String,
        source: String? = nil
    ) {
        self.source = source
        self.conversationId = conversationId
        self.ownerKind = ownerKind
        self.ownerValue = ownerValue
        self.sentiment = sentiment
        self.resolvedAt = resolvedAt
    }
}
