/// A comment as the operator API shows it: the public Comment fields (`id, authorName,
/// body, createdAt, official`) plus its idea, moderation state and the author's email.
public struct AdminComment: Encodable, Equatable, Sendable {
    public let id: String
    public let ideaId: String
    public let authorName: String?
    public let authorEmail: String?
    public let body: String
    public let official: Bool
    public let moderation: String?
    public let createdAt: String

    private enum Keys: String, CodingKey {
        case id, ideaId, authorName, authorEmail, body, official, moderation, createdAt
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(authorName, forKey: .authorName)
        try c.encode(body, forKey: .body)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(official, forKey: .official)
        try c.encode(ideaId, forKey: .ideaId)
        try c.encode(moderation, forKey: .moderation)
        try c.encode(authorEmail, forKey: .authorEmail)
    }
}
