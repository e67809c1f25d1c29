import HubRuntime

/// A studio: indexed apps grouped by developer ID, else by normalized developer name. A
/// catalog grouping, not a verified ownership record. Totals are null when any app lacks
/// the estimate; estimates are null for plans without full market access.
public struct MarketPublisher: Codable, Equatable, Sendable {
    public struct AppRef: Codable, Equatable, Sendable {
        public var adamId: String
        public var slug: String
        public var name: String
        public init(adamId: String, slug: String, name: String) {
            self.adamId = adamId
            self.slug = slug
            self.name = name
        }
    }

    public var key: String
    public var name: String
    public var developerId: String?
    public var appCount: Int
    public var mainGenreId: String?
    public var mainGenre: String?
    public var launchesLast90Days: Int
    public var launchesLast365Days: Int
    /// Every indexed app launched in the last 90 days; not a founding date.
    public var isNew: Bool
    /// Sum of the apps' latest worldwide monthly estimates (USD).
    public var revenue: Double?
    public var downloads: Double?
    /// Apps with a positive revenue estimate, not verified paying customers.
    public var appsMakingMoney: Int?
    /// Aggregate estimated downloads against the previous period of the same sources.
    public var growthPercent: Double?
    public var rating: Double?
    public var topApp: AppRef?

    public init(key: String, name: String, developerId: String?, appCount: Int) {
        self.key = key
        self.name = name
        self.developerId = developerId
        self.appCount = appCount
        launchesLast90Days = 0
        launchesLast365Days = 0
        isNew = false
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(name, forKey: .name)
        try c.encode(developerId, forKey: .developerId)
        try c.encode(appCount, forKey: .appCount)
        try c.encode(mainGenreId, forKey: .mainGenreId)
        try c.encode(mainGenre, forKey: .mainGenre)
        try c.encode(launchesLast90Days, forKey: .launchesLast90Days)
        try c.encode(launchesLast365Days, forKey: .launchesLast365Days)
        try c.encode(isNew, forKey: .isNew)
        try c.encode(revenue, forKey: .revenue)
        try c.encode(downloads, forKey: .downloads)
        try c.encode(appsMakingMoney, forKey: .appsMakingMoney)
        try c.encode(growthPercent, forKey: .growthPercent)
        try c.encode(rating, forKey: .rating)
        try c.encode(topApp, forKey: .topApp)
    }
}

/// `market.publishers.list`: studios, filtered and sorted (default: estimated revenue,
/// highest first). Without full market access: at most three, by app count, estimates locked.
public enum MarketPublishers: RPCMessage {
    public static let type = "market.publishers.list"
    public enum Sort: String, Codable, CaseIterable, Sendable {
        case revenue, downloads, apps, growth
    }
    public struct Request: Codable, Equatable, Sendable {
        public var plan: OrganizationPlan
        public var query: String?
        public var genreId: String?
        public var minApps: Int?
        /// Only studios with a launch in the last 90 days.
        public var launchedRecently: Bool
        /// Only studios whose every app launched in the last 90 days.
        public var newOnly: Bool
        public var minRevenue: Double?
        public var minDownloads: Double?
        public var minAppsMakingMoney: Int?
        public var sort: Sort?
        public var limit: Int
        public var offset: Int
        public init(
            plan: OrganizationPlan, query: String? = nil, genreId: String? = nil, minApps: Int? = nil,
            launchedRecently: Bool = false, newOnly: Bool = false, minRevenue: Double? = nil, minDownloads: Double? = nil,
            minAppsMakingMoney: Int? = nil, sort: Sort? = nil, limit: Int = 25, offset: Int = 0
        ) {
            self.plan = plan
            self.query = query
            self.genreId = genreId
            self.minApps = minApps
            self.launchedRecently = launchedRecently
            self.newOnly = newOnly
            self.minRevenue = minRevenue
            self.minDownloads = minDownloads
            self.minAppsMakingMoney = minAppsMakingMoney
            self.sort = sort
            self.limit = limit
            self.offset = offset
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [MarketPublisher]
        public var nextOffset: Int?
        /// True when the plan limited the answer (three studios, no estimates).
        public var limited: Bool
        public init(items: [MarketPublisher], nextOffset: Int?, limited: Bool) {
            self.items = items
            self.nextOffset = nextOffset
            self.limited = limited
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(items, forKey: .items)
            try c.encode(nextOffset, forKey: .nextOffset)
            try c.encode(limited, forKey: .limited)
        }
    }
}

/// `market.publishers.get`: one studio with its indexed apps (three without full access).
public enum MarketPublisherGet: RPCMessage {
    public static let type = "market.publishers.get"
    public struct Request: Codable, Equatable, Sendable {
        public var plan: OrganizationPlan
        public var key: String
        public init(plan: OrganizationPlan, key: String) {
            self.plan = plan
            self.key = key
        }
    }
    /// One month of summed worldwide revenue estimates.
    public struct RevenuePoint: Codable, Equatable, Sendable {
        public var periodStart: String
        public var periodEnd: String
        public var value: Double
        public init(periodStart: String, periodEnd: String, value: Double) {
            self.periodStart = periodStart
            self.periodEnd = periodEnd
            self.value = value
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var publisher: MarketPublisher
        public var apps: [MarketAppSummary]
        /// Periods where every app has a worldwide revenue estimate from its own source; empty
        /// without full market access.
        public var revenueHistory: [RevenuePoint]
        /// Other studios sharing the main genre, most apps first (up to five).
        public var similar: [MarketPublisher]
        public var limited: Bool
        public init(
            publisher: MarketPublisher, apps: [MarketAppSummary], revenueHistory: [RevenuePoint],
            similar: [MarketPublisher], limited: Bool
        ) {
            self.publisher = publisher
            self.apps = apps
            self.revenueHistory = revenueHistory
            self.similar = similar
            self.limited = limited
        }
    }
}
