/// The changelog of an app (`GET /dashboard/changelog?app=`): drafts and published entries,
/// newest created first, as `IngestStore.changelogEntries` lists them (`ChangelogEntry`).
/// Owners and admins write and publish; members read.
public struct ChangelogPage: Sendable {
    public struct Entry: Sendable {
        public let id: String
        public let title: String
        public let body: String
        public let isPublished: Bool
        public let publishedAt: String?
        public let createdAt: String
        public let updatedAt: String

        public init(
            id: String, title: String, body: String, isPublished: Bool, publishedAt: String? = nil, createdAt: String, updatedAt: String
        ) {
            self.id = id
            self.title = title
            self.body = body
            self.isPublished = isPublished
            self.publishedAt = publishedAt
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        var path: String { "/dashboard/changelog/" + id }
    }

    public let apps: [CommunityApp]
    public let app: CommunityApp?
    public let entries: [Entry]
    /// The cursor of the next page when there is one.
    public let nextCursor: String?

    public init(apps: [CommunityApp], app: CommunityApp?, entries: [Entry] = [], nextCursor: String? = nil) {
        self.apps = apps
        self.app = app
        self.entries = entries
        self.nextCursor = nextCursor
    }
}
