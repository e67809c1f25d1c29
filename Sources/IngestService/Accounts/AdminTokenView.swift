/// A token record as listed, with `null` for absent times and authors; `token` carries the
/// token text only in the response that created it.
struct AdminTokenView: Encodable {
    let record: APIToken
    var token: String?

    private enum Keys: String, CodingKey {
        case id, organizationId, name, prefix, scope, createdAt, lastUsedAt, revokedAt, author, actsAsOwner, token
    }

    private enum AuthorKeys: String, CodingKey { case memberId, name, role }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(record.id, forKey: .id)
        try c.encode(record.organizationId, forKey: .organizationId)
        try c.encode(record.name, forKey: .name)
        try c.encode(record.prefix, forKey: .prefix)
        try c.encode(record.scope, forKey: .scope)
        try c.encode(record.createdAt, forKey: .createdAt)
        try c.encode(record.lastUsedAt, forKey: .lastUsedAt)
        try c.encode(record.revokedAt, forKey: .revokedAt)
        // The author as they are now: name and role null once they are no longer a member.
        if let memberId = record.authorMemberId {
            var author = c.nestedContainer(keyedBy: AuthorKeys.self, forKey: .author)
            try author.encode(memberId, forKey: .memberId)
            try author.encode(record.authorName, forKey: .name)
            try author.encode(record.authorRole, forKey: .role)
        } else {
            try c.encodeNil(forKey: .author)
        }
        try c.encode(record.actsAsOwner, forKey: .actsAsOwner)
        try c.encodeIfPresent(token, forKey: .token)
    }
}
