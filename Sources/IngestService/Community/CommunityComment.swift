import HubRuntime
import HubStore

/// A comment as the SDK's AppNorthComment. `official` is true for team replies and null
/// otherwise, so a client never sees `false` and wonders whether it means "unofficial".
public struct CommunityComment: Equatable, Sendable {
    public let id: String
    public let authorName: String?
    public let body: String
    public let createdAt: String
    public let official: Bool
    public let moderation: String?

    static let selectSQL = "SELECT c.id, c.author_name, c.body, c.created_at, c.official, c.moderation FROM comments c"

    /// The SQL condition of a publicly shown comment.
    static let visibleSQL = "(c.moderation IS NULL OR c.moderation = 'approved')"

    init(row: Row) throws {
        id = try row.text(0)
        authorName = row.string(1)
        body = try row.text(2)
        createdAt = try row.text(3)
        official = row.bool(4) ?? false
        moderation = row.string(5)
    }

    func appendJSON(to out: inout JSONBuffer) {
        out += "{\"id\":"
        out.scriptSafeString(id)
        out += ",\"authorName\":"
        out.scriptSafeOptional(authorName)
        out += ",\"body\":"
        out.scriptSafeString(body)
        out += ",\"createdAt\":"
        out.scriptSafeString(createdAt)
        out += official ? ",\"official\":true}" : ",\"official\":null}"
    }
}
