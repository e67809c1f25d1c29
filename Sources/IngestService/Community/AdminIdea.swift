/// An idea as the operator API shows it: the public Idea fields plus the author's verified
/// email and the merge target. `hasVoted` is always false (an operator is not a voter).
public struct AdminIdea: Encodable, Equatable, Sendable {
    public struct Status: Encodable, Equatable, Sendable {
        public let slug: String
        public let label: String
        public let color: String
    }

    public let id: String
    public let projectId: String
    public let slug: String
    public let boardSlug: String
    public let title: String
    public let description: String
    public let authorName: String?
    public let authorEmail: String?
    public let status: Status?
    public let voteCount: Int
    public let commentCount: Int
    public let pinned: Bool
    public let moderation: String?
    public let mergedInto: String?
    public let createdAt: String
    public let lastActivityAt: String

    private enum Keys: String, CodingKey {
        case id, slug, boardSlug, title, description, authorName, status, voteCount, commentCount, hasVoted, pinned,
            moderation, createdAt, lastActivityAt, authorEmail, mergedInto
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(slug, forKey: .slug)
        try c.encode(boardSlug, forKey: .boardSlug)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(authorName, forKey: .authorName)
        try c.encode(status, forKey: .status)
        try c.encode(voteCount, forKey: .voteCount)
        try c.encode(commentCount, forKey: .commentCount)
        try c.encode(false, forKey: .hasVoted)
        try c.encode(pinned, forKey: .pinned)
        try c.encode(moderation, forKey: .moderation)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(lastActivityAt, forKey: .lastActivityAt)
        try c.encode(authorEmail, forKey: .authorEmail)
        try c.encode(mergedInto, forKey: .mergedInto)
    }
}
