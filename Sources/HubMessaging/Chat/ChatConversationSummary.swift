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
    /// The team's dashboard needs these; the operator JSON leaves them out.
    public var projectId: String?
    /// The owner's verified email; nil for an anonymous (voter token) owner.
    public var ownerEmail: String?
    public var platform: String?
    public var bundleId: String?
    /// The latest public message's text, set by `chat.team.inbox` only.
    public var preview: String?

    public init(
        id: String, status: Status, sentiment: Sentiment?, lastMessageAt: String, unreadByTeam: Bool,
        ownerKind: ChatOwner.Kind, locale: String?, createdAt: String, projectId: String? = nil, ownerEmail: String? = nil,
        platform: String? = nil, bundleId: String? = nil, preview: String? = nil
    ) {
        self.id = id
        self.status = status
        self.sentiment = sentiment
        self.lastMessageAt = lastMessageAt
        self.unreadByTeam = unreadByTeam
        self.ownerKind = ownerKind
        self.locale = locale
        self.createdAt = createdAt
        self.projectId = projectId
        self.ownerEmail = ownerEmail
        self.platform = platform
        self.bundleId = bundleId
        self.preview = preview
    }
}
