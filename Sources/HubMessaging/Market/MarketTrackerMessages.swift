/// One recorded AppTracker event. Only the fields of its type are present; dates say when
/// AppNorth observed or the source recorded something, never when the app changed.
public struct MarketTrackerEvent: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case top10 = "ranking.top10"
        case top50 = "ranking.top50"
        case top100 = "ranking.top100"
        case rise = "ranking.rise"
        case fall = "ranking.fall"
        case ad, organic, onboarding, paywall
        case downloads = "estimate.downloads"
    }

    public var type: Kind
    /// The UTC day of the observation (`YYYY-MM-DD`) or the recorded timestamp.
    public var date: String
    public var adamId: String
    public var slug: String?
    public var name: String?
    public var storefront: String?
    public var chart: String?
    public var genre: String?
    public var rank: Int?
    public var previousRank: Int?
    public var previousDate: String?
    public var source: String?
    public var periodStart: String?
    public var periodEnd: String?
    public var previousPeriodStart: String?
    public var previousPeriodEnd: String?
    public var value: Double?
    public var previousValue: Double?
    public var changePercent: Double?
    public var platform: String?
    public var url: String?
    public var recordId: String?

    public init(type: Kind, date: String, adamId: String) {
        self.type = type
        self.date = date
        self.adamId = adamId
    }
}

/// `market.tracker.timeline`: recorded events of the organization's watched apps over the
/// last 7, 30 or 90 UTC days, newest first, bounded to `maximumEvents` with a notice.
/// Needs full market access and a positive watchlist allowance.
public enum MarketTrackerTimeline: RPCMessage {
    public static let type = "market.tracker.timeline"
    public static let maximumEvents = 2_000
    public static let periods = [7, 30, 90]

    /// Event filters as the dashboard names them; version and rating have no history.
    public enum Filter: String, Codable, CaseIterable, Sendable {
        case ranking, ads, organic, onboardings, paywalls, downloads, version, rating
    }

    public struct Request: Codable, Equatable, Sendable {
        public var organization: MarketOrganization
        public var days: Int
        public var adamId: String?
        public var filter: Filter?
        public init(organization: MarketOrganization, days: Int = 30, adamId: String? = nil, filter: Filter? = nil) {
            self.organization = organization
            self.days = days
            self.adamId = adamId
            self.filter = filter
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var fromDate: String
        public var toDate: String
        public var events: [MarketTrackerEvent]
        public var bounded: Bool
        public var notice: String?
        public init(fromDate: String, toDate: String, events: [MarketTrackerEvent], bounded: Bool, notice: String?) {
            self.fromDate = fromDate
            self.toDate = toDate
            self.events = events
            self.bounded = bounded
            self.notice = notice
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(fromDate, forKey: .fromDate)
            try c.encode(toDate, forKey: .toDate)
            try c.encode(events, forKey: .events)
            try c.encode(bounded, forKey: .bounded)
            try c.encode(notice, forKey: .notice)
        }
    }
}
