import HubMessaging

/// A conversation in the operator list, every key present (`sentiment` and `locale` null when unset).
struct AdminConversationJSON: Encodable {
    let summary: ChatConversationSummary

    private enum Keys: String, CodingKey {
        case id, status, sentiment, lastMessageAt, unreadByTeam, ownerKind, locale, createdAt
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(summary.id, forKey: .id)
        try c.encode(summary.status, forKey: .status)
        try c.encode(summary.sentiment, forKey: .sentiment)
        try c.encode(summary.lastMessageAt, forKey: .lastMessageAt)
        try c.encode(summary.unreadByTeam, forKey: .unreadByTeam)
        try c.encode(summary.ownerKind, forKey: .ownerKind)
        try c.encode(summary.locale, forKey: .locale)
        try c.encode(summary.createdAt, forKey: .createdAt)
    }
}
