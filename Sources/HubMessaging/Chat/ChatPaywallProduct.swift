/// One product of a reported paywall, as the SDK's `AppNorthPaywallProduct` sends it.
public struct ChatPaywallProduct: Codable, Equatable, Sendable {
    public var id: String
    /// Localized display price, currency included.
    public var price: String
    /// ISO-8601 duration such as `P1M`; `P0D` for a one-time product.
    public var period: String
    public var trial: String?

    public init(id: String, price: String, period: String, trial: String? = nil) {
        self.id = id
        self.price = price
        self.period = period
        self.trial = trial
    }
}
