/// The moderation queue of an app (`GET /dashboard/ideas/moderation?app=`): pending ideas and
/// pending comments, oldest first, as `IngestStore.moderationQueue` gives them (up to 100 of
/// each).
public struct ModerationPage: Sendable {
    /// A pending idea, from `AdminIdea`.
    public struct PendingIdea: Sendable {
        public let id: String
        public let title: String
        public let description: String
        public let boardName: String
        public let authorName: String?
        public let authorEmail: String?
        public let createdAt: String

        public init(
            id: String, title: String, description: String, boardName: String, authorName: String? = nil, authorEmail: String? = nil,
            createdAt: String
        ) {
            self.id = id
            self.title = title
            self.description = description
            self.boardName = boardName
            self.authorName = authorName
            self.authorEmail = authorEmail
            self.createdAt = createdAt
        }
    }

    /// A pending comment, from `AdminComment`, with the title of its idea.
    public struct PendingComment: Sendable {
        public let id: String
        public let body: String
        public let authorName: String?
        public let authorEmail: String?
        public let ideaId: String
        public let ideaTitle: String
        public let createdAt: String

        public init(
            id: String, body: String, authorName: String? = nil, authorEmail: String? = nil, ideaId: String, ideaTitle: String,
            createdAt: String
        ) {
            self.id = id
            self.body = body
            self.authorName = authorName
            self.authorEmail = authorEmail
            self.ideaId = ideaId
            self.ideaTitle = ideaTitle
            self.createdAt = createdAt
        }
    }

    public let apps: [CommunityApp]
    public let app: CommunityApp?
    public let ideas: [PendingIdea]
    public let comments: [PendingComment]

    public init(apps: [CommunityApp], app: CommunityApp?, ideas: [PendingIdea] = [], comments: [PendingComment] = []) {
        self.apps = apps
        self.app = app
        self.ideas = ideas
        self.comments = comments
    }
}
