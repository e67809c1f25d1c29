import HubRuntime
import HubStore

/// An idea as the SDK's AppNorthIdea. Author email and participant key never leave the
/// server: they are not part of this type.
public struct CommunityIdea: Equatable, Sendable {
    /// AppNorthIdeaStatus: the status attached to an idea.
    public struct Status: Equatable, Sendable {
        public let slug: String
        public let label: String
        public let color: String
    }

    public let id: String
    public let slug: String
    public let boardId: String
    public let boardSlug: String
    public let title: String
    public let description: String
    public let authorName: String?
    public let status: Status?
    public let voteCount: Int
    public let commentCount: Int
    public let hasVoted: Bool
    public let pinned: Bool
    public let moderation: String?
    public let createdAt: String
    public let lastActivityAt: String
    /// Whether the viewer whose key was asked for is the author (lets authors see their pending ideas).
    public let viewerIsAuthor: Bool

    /// The columns `init(row:)` reads; `?1` is the viewer's participant key (NULL for none).
    /// `CROSS JOIN` keeps ideas the outer loop: otherwise the planner may walk boards first
    /// and sort every idea of the project instead of reading one page from an ordered index.
    static let selectSQL = """
        SELECT i.id, i.slug, i.board_id, b.slug AS board_slug, i.title, i.description, i.author_name,
               s.slug AS status_slug, s.label AS status_label, s.color AS status_color,
               i.vote_count, i.comment_count, i.pinned, i.moderation, i.created_at, i.last_activity_at,
               EXISTS (SELECT 1 FROM votes v WHERE v.idea_id = i.id AND v.voter_key = ?1) AS has_voted,
               (i.author_key IS NOT NULL AND i.author_key = ?1) AS viewer_is_author
        FROM ideas i
        CROSS JOIN boards b ON b.id = i.board_id
        LEFT JOIN board_statuses s ON s.id = i.status_id
        """

    /// The SQL condition of a publicly listed idea; it is also the WHERE of the ordering
    /// indexes, so it must stay spelled exactly like this for them to be used.
    static let visibleSQL = "i.merged_into_id IS NULL AND (i.moderation IS NULL OR i.moderation = 'approved')"

    /// An idea just inserted, as `init(row:)` would read it back: no votes or comments yet,
    /// not pinned, and the viewer its author when it has a key.
    init(
        created id: String, slug: String, board: Board, status: BoardStatus?, title: String, description: String,
        authorName: String?, authorKey: String?, moderation: String?, at: String
    ) {
        self.id = id
        self.slug = slug
        boardId = board.id
        boardSlug = board.slug
        self.title = title
        self.description = description
        self.authorName = authorName
        self.status = status.map { Status(slug: $0.slug, label: $0.label, color: $0.color) }
        voteCount = 0
        commentCount = 0
        hasVoted = false
        pinned = false
        self.moderation = moderation
        createdAt = at
        lastActivityAt = at
        viewerIsAuthor = authorKey != nil
    }

    init(row: Row) throws {
        id = try row.text(0)
        slug = try row.text(1)
        boardId = try row.text(2)
        boardSlug = try row.text(3)
        title = try row.text(4)
        description = row.string(5) ?? ""
        authorName = row.string(6)
        if let slug = row.string(7), let label = row.string(8), let color = row.string(9) {
            status = Status(slug: slug, label: label, color: color)
        } else {
            status = nil
        }
        voteCount = row.int(10) ?? 0
        commentCount = row.int(11) ?? 0
        pinned = row.bool(12) ?? false
        moderation = row.string(13)
        createdAt = try row.text(14)
        lastActivityAt = try row.text(15)
        hasVoted = row.bool(16) ?? false
        viewerIsAuthor = row.bool(17) ?? false
    }

    /// Publicly visible: not waiting for or refused by moderation.
    public var isPubliclyVisible: Bool { moderation == nil || moderation == "approved" }

    /// Appends the AppNorthIdea JSON object, with explicit nulls.
    func appendJSON(to out: inout JSONBuffer) {
        out += "{\"id\":"
        out.scriptSafeString(id)
        out += ",\"slug\":"
        out.scriptSafeString(slug)
        out += ",\"boardSlug\":"
        out.scriptSafeString(boardSlug)
        out += ",\"title\":"
        out.scriptSafeString(title)
        out += ",\"description\":"
        out.scriptSafeString(description)
        out += ",\"authorName\":"
        out.scriptSafeOptional(authorName)
        out += ",\"status\":"
        if let status {
            out += "{\"slug\":"
            out.scriptSafeString(status.slug)
            out += ",\"label\":"
            out.scriptSafeString(status.label)
            out += ",\"color\":"
            out.scriptSafeString(status.color)
            out += "}"
        } else {
            out += "null"
        }
        out += ",\"voteCount\":"
        out += String(voteCount)
        out += ",\"commentCount\":"
        out += String(commentCount)
        out += hasVoted ? ",\"hasVoted\":true" : ",\"hasVoted\":false"
        out += pinned ? ",\"pinned\":true" : ",\"pinned\":false"
        out += ",\"moderation\":"
        out.scriptSafeOptional(moderation)
        out += ",\"createdAt\":"
        out.scriptSafeString(createdAt)
        out += ",\"lastActivityAt\":"
        out.scriptSafeString(lastActivityAt)
        out += "}"
    }
}
