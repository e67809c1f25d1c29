import HubRuntime

/// A download or revenue estimate as recorded, always with its label, source, storefront,
/// period and observation date. `value` is null when the source had none; for plans without
/// full market access it is replaced by a broad `range`, which is not a measurement.
public struct MarketEstimate: Codable, Equatable, Sendable {
    public var metric: String
    /// "Estimated downloads" or "Estimated revenue (USD)": never actual sales.
    public var label: String
    public var value: Double?
    public var range: String?
    public var currency: String?
    public var source: String
    public var storefront: String
    public var periodStart: String
    public var periodEnd: String
    public var observedAt: String

    public init(
        metric: String, value: Double?, range: String? = nil, currency: String?, source: String, storefront: String,
        periodStart: String, periodEnd: String, observedAt: String
    ) {
        self.metric = metric
        label = metric == "revenue" ? "Estimated revenue (USD)" : "Estimated downloads"
        self.value = value
        self.range = range
        self.currency = currency
        self.source = source
        self.storefront = storefront
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.observedAt = observedAt
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(metric, forKey: .metric)
        try c.encode(label, forKey: .label)
        try c.encode(value, forKey: .value)
        try c.encode(range, forKey: .range)
        try c.encode(currency, forKey: .currency)
        try c.encode(source, forKey: .source)
        try c.encode(storefront, forKey: .storefront)
        try c.encode(periodStart, forKey: .periodStart)
        try c.encode(periodEnd, forKey: .periodEnd)
        try c.encode(observedAt, forKey: .observedAt)
    }

    /// The broad bracket a limited plan sees instead of the value.
    public static func range(of value: Double?) -> String? {
        guard let value else { return nil }
        let bounds: [(Double, String)] = [
            (1_000, "0-1K"), (10_000, "1K-10K"), (100_000, "10K-100K"), (1_000_000, "100K-1M"),
            (10_000_000, "1M-10M"),
        ]
        return bounds.first { value < $0.0 }?.1 ?? "10M+"
    }

    /// This estimate as a plan sees it: limited plans get the range only.
    public func visible(to plan: OrganizationPlan) -> MarketEstimate {
        guard !plan.hasFullMarketAccess else { return self }
        var limited = self
        limited.range = Self.range(of: value)
        limited.value = nil
        return limited
    }
}
