/// A conversation as the team's inbox lists it.
public struct ChatConversationSummary: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        case open
        case resolved
    }

    public enum Sentiment: String, Codable, Sendable {
        case positive
        case neutral
        case negative
    }

    public var id: String
    public var status: Status
    public var sentiment: Sentiment?
    public var lastMessageAt: String
    /// The user wrote since the team last read the conversation.
    public var unreadByTeam: Bool
    public var ownerKind: ChatOwner.Kind
    public var locale: String?
    public var createdAt: String

    public init(
        id: String, status: Status, sentiment: Sentiment?, lastMessageAt: String, unreadByTeam: Bool,
        ownerKind: ChatOwner.Kind, locale: String?, createdAt: String
    ) {
        self.id = id
        self.status = status
        self.sentiment = sentiment
        self.lastMessageAt = lastMessageAt
        self.unreadByTeam = unreadByTeam
        self.ownerKind = ownerKind
        self.locale = locale
        self.createdAt = createdAt
    }
}
