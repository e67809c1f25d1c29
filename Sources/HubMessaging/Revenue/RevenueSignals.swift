/// One app whose MRR moved by 10% or more from one stored daily snapshot to the next one
/// (consecutive UTC days only: a gap in collection is not a change).
public struct RevenueSignal: Codable, Equatable, Sendable {
    /// The AppNorth project (app) the snapshots belong to.
    public var projectId: String
    /// The UTC day (`YYYY-MM-DD`) of the later snapshot.
    public var day: String
    public var mrr: Double
    public var previousMrr: Double
    /// `(mrr - previousMrr) / previousMrr * 100`, rounded to one decimal.
    public var changePercent: Double
    /// The provider's currency for both figures.
    public var currency: String
    /// The provider's `last_updated_at` of the later snapshot (ISO 8601), when it gave one.
    public var lastUpdatedAt: String?

    public init(
        projectId: String, day: String, mrr: Double, previousMrr: Double, changePercent: Double, currency: String,
        lastUpdatedAt: String?
    ) {
        self.projectId = projectId
        self.day = day
        self.mrr = mrr
        self.previousMrr = previousMrr
        self.changePercent = changePercent
        self.currency = currency
        self.lastUpdatedAt = lastUpdatedAt
    }
}

/// `revenue.signals`: for the given apps, every day-over-day MRR change of 10% or more whose
/// later day is on or after `sinceDay`, newest first, at most `limit`. Apps without a
/// RevenueCat connection or without two consecutive snapshots give nothing.
public enum RevenueSignals: RPCMessage {
    public static let type = "revenue.signals"
    public struct Request: Codable, Equatable, Sendable {
        public var projectIds: [String]
        public var sinceDay: String
        public var limit: Int
        public init(projectIds: [String], sinceDay: String, limit: Int) {
            self.projectIds = projectIds
            self.sinceDay = sinceDay
            self.limit = limit
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [RevenueSignal]
        public init(items: [RevenueSignal]) { self.items = items }
    }
}
