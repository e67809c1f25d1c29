/// A board of the public pages, with what this visitor may do on it.
public struct RoadmapBoard: Sendable {
    public let slug: String
    public let name: String
    public let description: String?
    public let submit: RoadmapControl

    public init(slug: String, name: String, description: String?, submit: RoadmapControl) {
        self.slug = slug
        self.name = name
        self.description = description
        self.submit = submit
    }
}

/// An approved idea as a visitor sees it.
public struct RoadmapIdea: Sendable {
    public let id: String
    public let slug: String
    public let title: String
    public let description: String
    public let boardName: String
    public let statusLabel: String?
    public let statusColor: String?
    public let votes: Int
    public let comments: Int
    public let hasVoted: Bool
    public let pinned: Bool
    public let vote: RoadmapControl

    public init(
        id: String, slug: String, title: String, description: String, boardName: String, statusLabel: String?, statusColor: String?,
        votes: Int, comments: Int, hasVoted: Bool, pinned: Bool, vote: RoadmapControl
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.description = description
        self.boardName = boardName
        self.statusLabel = statusLabel
        self.statusColor = statusColor
        self.votes = votes
        self.comments = comments
        self.hasVoted = hasVoted
        self.pinned = pinned
        self.vote = vote
    }
}

/// One status column of the roadmap: its most voted ideas and a link to all of them.
public struct RoadmapColumn: Sendable {
    public let slug: String
    public let label: String
    public let color: String
    public let ideas: [RoadmapIdea]

    public init(slug: String, label: String, color: String, ideas: [RoadmapIdea]) {
        self.slug = slug
        self.label = label
        self.color = color
        self.ideas = ideas
    }
}

/// An approved comment; `official` for the team's replies.
public struct RoadmapComment: Sendable {
    public let authorName: String?
    public let body: String
    public let createdAt: String
    public let official: Bool

    public init(authorName: String?, body: String, createdAt: String, official: Bool) {
        self.authorName = authorName
        self.body = body
        self.createdAt = createdAt
        self.official = official
    }
}

/// A published changelog entry.
public struct RoadmapEntry: Sendable {
    public let id: String
    public let title: String
    public let body: String
    public let publishedAt: String
    public let updatedAt: String

    public init(id: String, title: String, body: String, publishedAt: String, updatedAt: String) {
        self.id = id
        self.title = title
        self.body = body
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
    }
}

/// What a post from a public page did, shown once at the top of the page it comes back to
/// (`?done=`).
public enum RoadmapNotice: String, Sendable {
    case idea
    case ideaPending = "idea-pending"
    case comment
    case commentPending = "comment-pending"
    case vote
    case signedIn = "signed-in"
    case
        signedOut = "signed-out"

    func text(_ copy: RoadmapCopy) -> String {
        switch self {
        case .idea: return copy.ideaSent
        case .ideaPending: return copy.ideaPending
        case .comment: return copy.commentSent
        case .commentPending: return copy.commentPending
        case .vote: return copy.voteSaved
        case .signedIn: return copy.signedIn
        case .signedOut: return copy.signedOut
        }
    }
}
