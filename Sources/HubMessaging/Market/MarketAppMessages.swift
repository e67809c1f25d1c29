import HubRuntime

/// `market.apps.search`: the catalog, filtered and sorted, paged by offset. Estimate filters
/// and sorts need full market access; an app without the estimate never matches a minimum.
public enum MarketAppSearch: RPCMessage {
    public static let type = "market.apps.search"
    /// The flow types imported records carry.
    public static let flowTypes = ["onboarding", "paywall"]
    public enum Sort: String, Codable, CaseIterable, Sendable {
        case recent, rating, downloads, revenue, name
    }
    public struct Request: Codable, Equatable, Sendable {
        public var plan: OrganizationPlan
        public var query: String?
        public var genreId: String?
        /// With `chart`: only apps in that storefront's latest complete overall snapshot.
        public var storefront: String?
        public var chart: String?
        public var minRating: Double?
        /// `YYYY-MM-DD`, on the store's release date.
        public var releasedAfter: String?
        public var releasedBefore: String?
        public var minDownloads: Double?
        public var minRevenue: Double?
        /// Only apps with (true) or without (false) an imported ad; full market access only.
        public var hasAds: Bool?
        /// Only apps with a published imported flow of this type (`flowTypes`); full market access only.
        public var flowType: String?
        public var sort: Sort
        public var limit: Int
        public var offset: Int
        public init(
            plan: OrganizationPlan, query: String? = nil, genreId: String? = nil, storefront: String? = nil,
            chart: String? = nil, minRating: Double? = nil, releasedAfter: String? = nil, releasedBefore: String? = nil,
            minDownloads: Double? = nil, minRevenue: Double? = nil, hasAds: Bool? = nil, flowType: String? = nil,
            sort: Sort = .recent, limit: Int = 25, offset: Int = 0
        ) {
            self.plan = plan
            self.query = query
            self.genreId = genreId
            self.storefront = storefront
            self.chart = chart
            self.minRating = minRating
            self.releasedAfter = releasedAfter
            self.releasedBefore = releasedBefore
            self.minDownloads = minDownloads
            self.minRevenue = minRevenue
            self.hasAds = hasAds
            self.flowType = flowType
            self.sort = sort
            self.limit = limit
            self.offset = offset
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [MarketAppSummary]
        public var nextOffset: Int?
        public init(items: [MarketAppSummary], nextOffset: Int?) {
            self.items = items
            self.nextOffset = nextOffset
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(items, forKey: .items)
            try c.encode(nextOffset, forKey: .nextOffset)
        }
    }
}

/// One day of a chart history: the app's rank in that day's complete snapshot.
public struct MarketChartPoint: Codable, Equatable, Sendable {
    public var date: String
    public var rank: Int
    public init(date: String, rank: Int) {
        self.date = date
        self.rank = rank
    }
}

/// An app profile: listing facts, every recorded estimate (newest period first, labelled),
/// the country's overall free-chart history from complete snapshots, and active ads with a
/// recorded first-seen date.
public struct MarketAppProfile: Codable, Equatable, Sendable {
    public struct Listing: Codable, Equatable, Sendable {
        public var description: String?
        public var bundleId: String?
        public var version: String?
        public var sizeBytes: Int?
        public var contentRating: String?
        public var minimumOS: String?
        public var websiteUrl: String?
        public var storeUrl: String?
        public var lookedUpAt: String?
        public init() {}
    }
    public struct ChartHistory: Codable, Equatable, Sendable {
        public var storefront: String
        public var chart: String
        public var points: [MarketChartPoint]
        public init(storefront: String, chart: String, points: [MarketChartPoint]) {
            self.storefront = storefront
            self.chart = chart
            self.points = points
        }
    }
    public struct ActiveAd: Codable, Equatable, Sendable {
        public var platform: String
        public var firstSeenAt: String
        /// Whole days since AppNorth first detected the ad, not since the campaign began.
        public var daysSinceFirstSeen: Int
        public init(platform: String, firstSeenAt: String, daysSinceFirstSeen: Int) {
            self.platform = platform
            self.firstSeenAt = firstSeenAt
            self.daysSinceFirstSeen = daysSinceFirstSeen
        }
    }

    public var app: MarketAppSummary
    public var listing: Listing
    public var estimates: [MarketEstimate]
    public var chartHistory: ChartHistory
    public var activeAds: [ActiveAd]
    /// The daily profile allowance after this read; absent with full market access.
    public var daily: MarketDailyQuota?

    public init(
        app: MarketAppSummary, listing: Listing, estimates: [MarketEstimate], chartHistory: ChartHistory, activeAds: [ActiveAd],
        daily: MarketDailyQuota? = nil
    ) {
        self.app = app
        self.listing = listing
        self.estimates = estimates
        self.chartHistory = chartHistory
        self.activeAds = activeAds
        self.daily = daily
    }
}

/// The daily allowance of app profiles for plans without full market access, shared by the
/// organization's tokens and renewed at midnight UTC.
public struct MarketDailyQuota: Codable, Equatable, Sendable {
    public static let profilesPerDay = 10
    public var limit: Int
    public var used: Int
    public var remaining: Int
    public var resetsAt: String
    public init(limit: Int, used: Int, remaining: Int, resetsAt: String) {
        self.limit = limit
        self.used = used
        self.remaining = remaining
        self.resetsAt = resetsAt
    }
}

/// `market.apps.get`: one app's profile by slug or store ID. Without full market access each
/// admitted read counts against the organization's daily allowance, found or not; past it,
/// 429 `DAILY_APP_LIMIT`.
public enum MarketAppGet: RPCMessage {
    public static let type = "market.apps.get"
    public static let dailyLimitCode = "DAILY_APP_LIMIT"
    public struct Request: Codable, Equatable, Sendable {
        public var organization: MarketOrganization
        public var handle: String
        /// The country whose overall free chart the history shows.
        public var storefront: String
        public init(organization: MarketOrganization, handle: String, storefront: String = "us") {
            self.organization = organization
            self.handle = handle
            self.storefront = storefront
        }
        public var plan: OrganizationPlan { organization.plan }
    }
    public typealias Response = MarketAppProfile
}
