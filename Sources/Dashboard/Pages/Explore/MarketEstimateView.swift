/// A download or revenue estimate as a page shows it: the value, or the broad range a limited
/// plan gets, or — when the source had none (never 0), always with its label, source,
/// storefront, period and observation date.
public struct MarketEstimateView: Sendable, Equatable {
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
        label: String, value: Double?, range: String?, currency: String?, source: String, storefront: String, periodStart: String,
        periodEnd: String, observedAt: String
    ) {
        self.label = label
        self.value = value
        self.range = range
        self.currency = currency
        self.source = source
        self.storefront = storefront
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.observedAt = observedAt
    }

    var format: ChartValueFormat { currency == nil ? .number : .money(currency: currency) }

    /// The figure alone: the value, the range marked as one, or — for a missing estimate.
    var figure: HTML {
        if let value { return .text(format.full(value)) }
        if let range { return element("span", .class("badge"), .title("A broad range, not a measurement")) { "Range " + range } }
        return element("span", .class("missing"), .title("No estimate in the data")) { "—" }
    }

    /// An optional estimate: — when there is none at all.
    static func cell(_ estimate: MarketEstimateView?) -> HTML {
        guard let estimate else { return element("span", .class("missing"), .title("No estimate in the data")) { "—" } }
        return estimate.figure
    }
}
