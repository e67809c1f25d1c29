/// Which side of a conversation wrote a message.
public enum ChatSender: String, Codable, Sendable {
    case user
    case team
}

/// A card carried by a message (`ActionCard` in docs/chat.md, "Messages").
public struct ChatActionCardDTO: Codable, Equatable, Sendable {
    public var kind: String
    public var paywallId: String?
    public var titleAtSend: String
    public var buttonLabel: String
    public var body: String?
    public var available: Bool

    public init(kind: String, paywallId: String?, titleAtSend: String, buttonLabel: String, body: String?, available: Bool) {
        self.kind = kind
        self.paywallId = paywallId
        self.titleAtSend = titleAtSend
        self.buttonLabel = buttonLabel
        self.body = body
        self.available = available
    }

    private enum CodingKeys: String, CodingKey { case kind, paywallId, titleAtSend, buttonLabel, body, available }

    // Absent optionals are written as null: the HTTP shape has every key (docs/chat.md, "Messages").
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(paywallId, forKey: .paywallId)
        try c.encode(titleAtSend, forKey: .titleAtSend)
        try c.encode(buttonLabel, forKey: .buttonLabel)
        try c.encode(body, forKey: .body)
        try c.encode(available, forKey: .available)
    }
}

/// An image attached to a message (`ChatImage` in docs/chat.md, "Messages"). Between chatd and
/// ingest it carries the object `key` and no `url`; ingest signs a private, expiring URL for the
/// key before the image leaves the hub, and the key is never shown to clients.
public struct ChatImageDTO: Codable, Equatable, Sendable {
    public var id: String
    public var url: String?
    public var width: Int
    public var height: Int
    /// Object-store key of the sanitized JPEG; nil once ingest has signed the URL.
    public var key: String?
    /// The workspace's retention removed the photo: there is no key and `url` stays null.
    public var expired: Bool?

    public init(id: String, url: String?, width: Int, height: Int, key: String? = nil, expired: Bool? = nil) {
        self.id = id
        self.url = url
        self.width = width
        self.height = height
        self.key = key
        self.expired = expired
    }

    private enum CodingKeys: String, CodingKey { case id, url, width, height, key, expired }

    // `url` is always present (null when storage is unavailable); `key` only between daemons.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(url, forKey: .url)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encodeIfPresent(key, forKey: .key)
        // Only an expired photo says so; a present one keeps the four fields the SDK decodes.
        if expired == true { try c.encode(true, forKey: .expired) }
    }
}

/// One chat message (`ChatMessage` in docs/chat.md, "Messages"), plus `internal` in team views only.
public struct ChatMessageDTO: Codable, Equatable, Sendable {
    public var id: String
    public var sender: ChatSender
    public var body: String
    public var createdAt: String
    public var kind: String?
    public var actionCard: ChatActionCardDTO?
    public var openedAt: String?
    public var tappedAt: String?
    public var images: [ChatImageDTO]
    /// Set for team views, nil (and not encoded) for the user's.
    public var `internal`: Bool?

    public init(
        id: String, sender: ChatSender, body: String, createdAt: String, kind: String? = nil,
        actionCard: ChatActionCardDTO? = nil, openedAt: String? = nil, tappedAt: String? = nil,
        images: [ChatImageDTO] = [], internal: Bool? = nil
    ) {
        self.id = id
        self.sender = sender
        self.body = body
        self.createdAt = createdAt
        self.kind = kind
        self.actionCard = actionCard
        self.openedAt = openedAt
        self.tappedAt = tappedAt
        self.images = images
        self.internal = `internal`
    }

    private enum CodingKeys: String, CodingKey {
        case id, sender, body, createdAt, kind, actionCard, openedAt, tappedAt, images, `internal`
    }

    // The nullable keys (docs/chat.md, "Messages") are always present; `internal` only in team views.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(sender, forKey: .sender)
        try c.encode(body, forKey: .body)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(kind, forKey: .kind)
        try c.encode(actionCard, forKey: .actionCard)
        try c.encode(openedAt, forKey: .openedAt)
        try c.encode(tappedAt, forKey: .tappedAt)
        try c.encode(images, forKey: .images)
        try c.encodeIfPresent(`internal`, forKey: .internal)
    }
}
