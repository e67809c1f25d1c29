/// The ideas of an app (`GET /dashboard/ideas?app=&board=&status=&q=`), pending and hidden
/// ones included, as `IngestStore.adminIdeas` lists them (newest first), with the filters.
public struct IdeasListPage: Sendable {
    /// One idea in the list, from `AdminIdea`.
    public struct Row: Sendable {
        public let id: String
        public let title: String
        public let boardName: String
        public let status: IdeaStatus?
        public let votes: Int
        public let comments: Int
        public let pinned: Bool
        public let moderation: IdeaModeration?
        public let lastActivityAt: String

        public init(
            id: String, title: String, boardName: String, status: IdeaStatus?, votes: Int, comments: Int, pinned: Bool = false,
            moderation: IdeaModeration? = nil, lastActivityAt: String
        ) {
            self.id = id
            self.title = title
            self.boardName = boardName
            self.status = status
            self.votes = votes
            self.comments = comments
            self.pinned = pinned
            self.moderation = moderation
            self.lastActivityAt = lastActivityAt
        }
    }

    /// A board to filter by, with its statuses (`Board`).
    public struct BoardFilter: Sendable {
        public let slug: String
        public let name: String
        public let statuses: [IdeaStatus]

        public init(slug: String, name: String, statuses: [IdeaStatus]) {
            self.slug = slug
            self.name = name
            self.statuses = statuses
        }
    }

    /// The organization's apps; `app` is the one shown, nil when there is none.
    public let apps: [CommunityApp]
    public let app: CommunityApp?
    public let boards: [BoardFilter]
    /// The filters as asked: a board slug, a status slug, the search text.
    public let board: String?
    public let status: String?
    public let query: String?
    public let ideas: [Row]
    /// Ideas and comments waiting in the moderation queue.
    public let pending: Int
    /// The cursor of the next page when there is one.
    public let nextCursor: String?

    public init(
        apps: [CommunityApp], app: CommunityApp?, boards: [BoardFilter] = [], board: String? = nil, status: String? = nil,
        query: String? = nil, ideas: [Row] = [], pending: Int = 0, nextCursor: String? = nil
    ) {
        self.apps = apps
        self.app = app
        self.boards = boards
        self.board = board
        self.status = status
        self.query = query
        self.ideas = ideas
        self.pending = pending
        self.nextCursor = nextCursor
    }

    var isFiltered: Bool { board != nil || status != nil || !(query ?? "").isEmpty }
}
