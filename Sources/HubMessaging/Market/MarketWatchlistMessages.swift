import HubRuntime

/// One app of an organization's watchlist.
public struct MarketWatchlistItem: Codable, Equatable, Sendable {
    public var adamId: String
    public var slug: String
    public var name: String
    public var note: String?
    public var addedAt: String

    public init(adamId: String, slug: String, name: String, note: String?, addedAt: String) {
        self.adamId = adamId
        self.slug = slug
        self.name = name
        self.note = note
        self.addedAt = addedAt
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(note, forKey: .note)
        try c.encode(addedAt, forKey: .addedAt)
    }
}

/// The organization (from the caller's token, never from a request field) and its plan.
public struct MarketOrganization: Codable, Equatable, Sendable {
    public var organizationId: String
    public var plan: OrganizationPlan
    public init(organizationId: String, plan: OrganizationPlan) {
        self.organizationId = organizationId
        self.plan = plan
    }
}

/// `market.watchlist.list`: the watched apps, oldest first, with the plan's allowance.
public enum MarketWatchlistList: RPCMessage {
    public static let type = "market.watchlist.list"
    public typealias Request = MarketOrganization
    public struct Response: Codable, Equatable, Sendable {
        public var items: [MarketWatchlistItem]
        /// Apps the plan allows; null: no limit.
        public var allowance: Int?
        public init(items: [MarketWatchlistItem], allowance: Int?) {
            self.items = items
            self.allowance = allowance
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(items, forKey: .items)
            try c.encode(allowance, forKey: .allowance)
        }
    }
}

/// `market.watchlist.add`: watches a catalog app. Adding a watched app again creates no
/// duplicate and keeps its note unless a new one is given; the allowance is checked in the
/// same transaction as the insert.
public enum MarketWatchlistAdd: RPCMessage {
    public static let type = "market.watchlist.add"
    public struct Request: Codable, Equatable, Sendable {
        public var organization: MarketOrganization
        public var adamId: String
        public var note: String?
        public init(organization: MarketOrganization, adamId: String, note: String?) {
            self.organization = organization
            self.adamId = adamId
            self.note = note
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var item: MarketWatchlistItem
        public var created: Bool
        public init(item: MarketWatchlistItem, created: Bool) {
            self.item = item
            self.created = created
        }
    }
}

/// `market.watchlist.remove`: stops watching an app; removing an unwatched app changes nothing.
public enum MarketWatchlistRemove: RPCMessage {
    public static let type = "market.watchlist.remove"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var adamId: String
        public init(organizationId: String, adamId: String) {
            self.organizationId = organizationId
            self.adamId = adamId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var removed: Bool
        public init(removed: Bool) { self.removed = removed }
    }
}
