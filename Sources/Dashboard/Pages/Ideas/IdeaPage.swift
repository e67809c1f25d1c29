/// One idea as the team works on it (`GET /dashboard/ideas/{id}`): its public text, status,
/// demand, visibility and comments (pending and hidden ones included), with what the edit,
/// merge and comment controls need. From `AdminIdea`, the board's `BoardStatus` list and the
/// idea's comments as `AdminComment`.
public struct IdeaPage: Sendable {
    /// A comment of the idea, from `AdminComment`.
    public struct Comment: Sendable {
        public let id: String
        public let authorName: String?
        /// The verified email of the author; never public, shown to the team only.
        public let authorEmail: String?
        public let body: String
        public let official: Bool
        public let moderation: IdeaModeration?
        public let createdAt: String

        public init(
            id: String, authorName: String?, authorEmail: String? = nil, body: String, official: Bool = false,
            moderation: IdeaModeration? = nil, createdAt: String
        ) {
            self.id = id
            self.authorName = authorName
            self.authorEmail = authorEmail
            self.body = body
            self.official = official
            self.moderation = moderation
            self.createdAt = createdAt
        }
    }

    /// A private report this idea came from (`feedback.promoted_idea_id`).
    public struct SourceReport: Sendable {
        public let id: String
        public let excerpt: String
        public let createdAt: String

        public init(id: String, excerpt: String, createdAt: String) {
            self.id = id
            self.excerpt = excerpt
            self.createdAt = createdAt
        }
    }

    public let app: CommunityApp
    public let id: String
    /// The public handle of the hosted roadmap's address.
    public let slug: String
    public let title: String
    public let description: String
    public let boardName: String
    public let status: IdeaStatus?
    /// The statuses of the idea's board, in the board's order.
    public let statuses: [IdeaStatus]
    public let votes: Int
    /// Public (approved or unmoderated) comments, as the idea's counter keeps them.
    public let commentCount: Int
    public let pinned: Bool
    public let moderation: IdeaModeration?
    public let authorName: String?
    public let authorEmail: String?
    public let createdAt: String
    public let lastActivityAt: String
    /// The idea this one was merged into; a merged idea is read-only.
    public let mergedInto: IdeaChoice?
    public let comments: [Comment]
    /// Other ideas of the app it can be merged into (not merged themselves).
    public let mergeTargets: [IdeaChoice]
    public let reports: [SourceReport]
    /// Ideas and comments waiting in the app's moderation queue.
    public let pending: Int
    /// What a refused post had typed, by field name (`title`, `description`, `body`), put back
    /// into its form so nothing is lost.
    public var drafts: [String: String] = [:]

    public init(
        app: CommunityApp, id: String, slug: String, title: String, description: String, boardName: String, status: IdeaStatus?,
        statuses: [IdeaStatus], votes: Int, commentCount: Int, pinned: Bool = false, moderation: IdeaModeration? = nil,
        authorName: String? = nil, authorEmail: String? = nil, createdAt: String, lastActivityAt: String,
        mergedInto: IdeaChoice? = nil, comments: [Comment] = [], mergeTargets: [IdeaChoice] = [], reports: [SourceReport] = [],
        pending: Int = 0
    ) {
        self.app = app
        self.id = id
        self.slug = slug
        self.title = title
        self.description = description
        self.boardName = boardName
        self.status = status
        self.statuses = statuses
        self.votes = votes
        self.commentCount = commentCount
        self.pinned = pinned
        self.moderation = moderation
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.createdAt = createdAt
        self.lastActivityAt = lastActivityAt
        self.mergedInto = mergedInto
        self.comments = comments
        self.mergeTargets = mergeTargets
        self.reports = reports
        self.pending = pending
    }

    var path: String { "/dashboard/ideas/" + id }

    /// Whether the public sees it: not merged, and approved or on a board that does not moderate ideas.
    var isPublic: Bool { mergedInto == nil && (moderation == nil || moderation == .approved) }

    var publicURL: String { "/roadmap/" + FeedbackPageParts.encode(app.appId) + "/ideas/" + FeedbackPageParts.encode(slug) }
}
