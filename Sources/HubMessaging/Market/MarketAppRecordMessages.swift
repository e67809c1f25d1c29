import HubRuntime

/// One imported ad as recorded. `firstSeenAt` and `lastSeenAt` are when the source saw it, not
/// when the campaign ran; missing ones are null.
public struct MarketAd: Codable, Equatable, Sendable {
    public var id: String
    public var platform: String
    public var active: Bool
    public var firstSeenAt: String?
    public var lastSeenAt: String?
    public var url: String?

    public init(id: String, platform: String, active: Bool, firstSeenAt: String?, lastSeenAt: String?, url: String?) {
        self.id = id
        self.platform = platform
        self.active = active
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.url = url
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(platform, forKey: .platform)
        try c.encode(active, forKey: .active)
        try c.encode(firstSeenAt, forKey: .firstSeenAt)
        try c.encode(lastSeenAt, forKey: .lastSeenAt)
        try c.encode(url, forKey: .url)
    }
}

/// One imported social post that is available; `views` null when the source had no count.
public struct MarketSocialPost: Codable, Equatable, Sendable {
    public var id: String
    public var platform: String
    public var publishedAt: String?
    public var url: String?
    public var views: Int?

    public init(id: String, platform: String, publishedAt: String?, url: String?, views: Int?) {
        self.id = id
        self.platform = platform
        self.publishedAt = publishedAt
        self.url = url
        self.views = views
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(platform, forKey: .platform)
        try c.encode(publishedAt, forKey: .publishedAt)
        try c.encode(url, forKey: .url)
        try c.encode(views, forKey: .views)
    }
}

/// The app a record list belongs to.
public struct MarketAppRef: Codable, Equatable, Sendable {
    public var adamId: String
    public var slug: String
    public var name: String
    public init(adamId: String, slug: String, name: String) {
        self.adamId = adamId
        self.slug = slug
        self.name = name
    }
}

/// `market.apps.ads`: an app's imported ads, most recently first seen first (undated last),
/// paged by offset. Full market access only; an unknown app is 404.
public enum MarketAppAds: RPCMessage {
    public static let type = "market.apps.ads"
    public struct Request: Codable, Equatable, Sendable {
        public var plan: OrganizationPlan
        /// Slug or store ID.
        public var handle: String
        public var platform: String?
        public var activeOnly: Bool
        public var limit: Int
        public var offset: Int
        public init(
            plan: OrganizationPlan, handle: String, platform: String? = nil, activeOnly: Bool = false, limit: Int = 25, offset: Int = 0
        ) {
            self.plan = plan
            self.handle = handle
            self.platform = platform
            self.activeOnly = activeOnly
            self.limit = limit
            self.offset = offset
        }
    }
    public typealias Response = MarketAppRecordPage<MarketAd>
}

/// `market.apps.posts`: an app's imported social posts that are available, by views (unknown
/// last) or most recent, paged by offset. Full market access only; an unknown app is 404.
public enum MarketAppPosts: RPCMessage {
    public static let type = "market.apps.posts"
    public enum Sort: String, Codable, CaseIterable, Sendable {
        case views, recent
    }
    public struct Request: Codable, Equatable, Sendable {
        public var plan: OrganizationPlan
        public var handle: String
        public var platform: String?
        public var sort: Sort
        public var limit: Int
        public var offset: Int
        public init(
            plan: OrganizationPlan, handle: String, platform: String? = nil, sort: Sort = .recent, limit: Int = 25, offset: Int = 0
        ) {
            self.plan = plan
            self.handle = handle
            self.platform = platform
            self.sort = sort
            self.limit = limit
            self.offset = offset
        }
    }
    public typealias Response = MarketAppRecordPage<MarketSocialPost>
}

/// One page of an app's imported records (`market.apps.ads`, `market.apps.posts`): the app,
/// the items, and the offset of the next page, written as null on the last one.
public struct MarketAppRecordPage<Item: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var app: MarketAppRef
    public var items: [Item]
    public var nextOffset: Int?
    public init(app: MarketAppRef, items: [Item], nextOffset: Int?) {
        self.app = app
        self.items = items
        self.nextOffset = nextOffset
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(app, forKey: .app)
        try c.encode(items, forKey: .items)
        try c.encode(nextOffset, forKey: .nextOffset)
    }
}
