/// The six overview metrics AppNorth names, by RevenueCat's metric IDs: MRR, revenue over 28
/// days, active subscriptions, active trials, new customers over 28 days, active users over
/// 28 days. Other IDs the provider sends are kept as received.
public enum RevenueMetric {
    public static let mrr = "mrr"
    public static let revenue = "revenue"
    public static let activeSubscriptions = "active_subscriptions"
    public static let activeTrials = "active_trials"
    public static let newCustomers = "new_customers"
    public static let activeUsers = "active_users"
    public static let mapped = [mrr, revenue, activeSubscriptions, activeTrials, newCustomers, activeUsers]
}

/// One app's stored overview of one UTC day. A metric the provider did not send is nil
/// (unknown), never 0.
public struct RevenueSnapshot: Codable, Equatable, Sendable {
    /// The UTC day, `YYYY-MM-DD`.
    public var date: String
    public var currency: String?
    /// The provider's period of the 28-day figures (`P28D`).
    public var period: String?
    /// The newest `last_updated_at` among the metrics (ISO 8601).
    public var lastUpdatedAt: String?
    /// When the hub stored this day's row last.
    public var syncedAt: String
    /// The six mapped metrics (nil when missing) and any other numeric metric received.
    public var metrics: [String: Double?]

    public init(date: String, currency: String?, period: String?, lastUpdatedAt: String?, syncedAt: String, metrics: [String: Double?]) {
        self.date = date
        self.currency = currency
        self.period = period
        self.lastUpdatedAt = lastUpdatedAt
        self.syncedAt = syncedAt
        self.metrics = metrics
    }
}

/// `revenue.overview`: the app's latest snapshot, its last synchronization time and up to
/// `days` (1-90) daily snapshots ending today, oldest first. Snapshots outlive a disconnect.
public enum RevenueOverview: RPCMessage {
    public static let type = "revenue.overview"
    public static let maximumDays = 90
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var days: Int
        public init(projectId: String, days: Int) {
            self.projectId = projectId
            self.days = days
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var connection: RevenueCatConnectionView
        public var currency: String?
        public var syncedAt: String?
        public var latest: RevenueSnapshot?
        public var snapshots: [RevenueSnapshot]
        public init(
            connection: RevenueCatConnectionView, currency: String?, syncedAt: String?, latest: RevenueSnapshot?,
            snapshots: [RevenueSnapshot]
        ) {
            self.connection = connection
            self.currency = currency
            self.syncedAt = syncedAt
            self.latest = latest
            self.snapshots = snapshots
        }
    }
}
