/// Discord permission bits and a member's effective permissions in a channel, computed the way
/// Discord documents it ("Permissions" → "Permission Overwrites"), so that the hub can tell which
/// channels the bot can use and which Discord users may reply before Discord refuses a request.
public enum DiscordPermissions {
    public static let administrator: UInt64 = 1 << 3
    public static let viewChannel: UInt64 = 1 << 10
    public static let sendMessages: UInt64 = 1 << 11
    public static let manageMessages: UInt64 = 1 << 13
    public static let embedLinks: UInt64 = 1 << 14
    public static let readMessageHistory: UInt64 = 1 << 16
    public static let createPublicThreads: UInt64 = 1 << 35
    public static let sendMessagesInThreads: UInt64 = 1 << 38

    /// Every bit, including ones Discord defines after this code was written: what an owner or an
    /// administrator has.
    public static let all: UInt64 = .max

    /// What the platform bot needs in a channel to post, start a thread per conversation and read
    /// the replies; requested at installation and required of a channel before it can be chosen.
    public static let botRequired: UInt64 =
        viewChannel | sendMessages | embedLinks | readMessageHistory | createPublicThreads | sendMessagesInThreads

    /// What a Discord user other than the mapped installer needs on the parent channel for their
    /// thread messages to become team replies.
    public static let replyRequired: UInt64 = viewChannel | manageMessages

    /// Whether `permissions` holds every bit of `required`.
    public static func allows(_ permissions: UInt64, _ required: UInt64) -> Bool {
        permissions & required == required
    }

    /// A guild role: `GET /guilds/{id}/roles` answers these, the @everyone role with the guild's ID.
    public struct Role: Codable, Equatable, Sendable {
        public var id: String
        public var permissions: UInt64

        public init(id: String, permissions: UInt64) {
            self.id = id
            self.permissions = permissions
        }

        private enum CodingKeys: String, CodingKey {
            case id
            case permissions
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            permissions = try DiscordPermissions.decodeBits(container, .permissions)
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(String(permissions), forKey: .permissions)
        }
    }

    /// A channel's permission overwrite (`permission_overwrites` of a channel object).
    public struct Overwrite: Codable, Equatable, Sendable {
        /// Discord sends `0` for a role and `1` for a member.
        public enum Kind: Int, Codable, Sendable {
            case role = 0
            case member = 1
        }

        /// A role ID (the guild's ID for @everyone) or a user ID, as `type` says.
        public var id: String
        public var type: Kind
        public var allow: UInt64
        public var deny: UInt64

        public init(id: String, type: Kind, allow: UInt64, deny: UInt64) {
            self.id = id
            self.type = type
            self.allow = allow
            self.deny = deny
        }

        private enum CodingKeys: String, CodingKey {
            case id
            case type
            case allow
            case deny
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(Kind.self, forKey: .type)
            allow = try DiscordPermissions.decodeBits(container, .allow)
            deny = try DiscordPermissions.decodeBits(container, .deny)
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(String(allow), forKey: .allow)
            try container.encode(String(deny), forKey: .deny)
        }
    }

    /// The permissions of `userId` in a channel of guild `guildId`.
    ///
    /// The base is the @everyone role (whose ID is the guild's) with the member's roles added; the
    /// guild owner and any member whose base holds Administrator have everything, whatever the
    /// channel says. Otherwise the channel's @everyone overwrite applies first, then the member's
    /// role overwrites together (all their denies, then all their allows, so that one role's allow
    /// beats another's deny), then the overwrite for the member themself.
    ///
    /// Discord's implicit denials (no View Channel hides everything, no Send Messages loses Embed
    /// Links) are not applied: every set checked here includes View Channel, and the bot's also
    /// Send Messages, so they cannot change an answer.
    public static func compute(
        guildId: String, ownerId: String, userId: String, roles: [Role], memberRoleIds: [String],
        overwrites: [Overwrite]
    ) -> UInt64 {
        if userId == ownerId { return all }
        var base = roles.first { $0.id == guildId }?.permissions ?? 0
        let memberRoles = Set(memberRoleIds).subtracting([guildId])
        for role in roles where memberRoles.contains(role.id) {
            base |= role.permissions
        }
        if allows(base, administrator) { return all }

        var permissions = base
        if let everyone = overwrites.first(where: { $0.type == .role && $0.id == guildId }) {
            permissions &= ~everyone.deny
            permissions |= everyone.allow
        }
        var allow: UInt64 = 0
        var deny: UInt64 = 0
        for overwrite in overwrites where overwrite.type == .role && memberRoles.contains(overwrite.id) {
            allow |= overwrite.allow
            deny |= overwrite.deny
        }
        permissions &= ~deny
        permissions |= allow
        if let member = overwrites.first(where: { $0.type == .member && $0.id == userId }) {
            permissions &= ~member.deny
            permissions |= member.allow
        }
        return permissions
    }

    /// Discord serializes permission sets as decimal strings, since they outgrow a JSON number
    /// that every client reads exactly.
    fileprivate static func decodeBits<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws
        -> UInt64
    {
        let text = try container.decode(String.self, forKey: key)
        guard let bits = UInt64(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "a permission set is a decimal string")
        }
        return bits
    }
}
