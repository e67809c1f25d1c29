/// Device-reported subscription state (the SDK's `AppNorthSubscriptionMetadata`), with its
/// snake_case wire keys. Not a trusted entitlement.
public struct ChatPaywallSubscriptionMetadata: Codable, Equatable, Sendable {
    /// Kept as text so an unknown value is a field error rather than an undecodable body.
    public var subscription_status: String
    public var plan: String?
    /// `YYYY-MM-DD`; never together with `expires_on`.
    public var renews_on: String?
    public var expires_on: String?
    /// `sandbox` or absent.
    public var environment: String?

    public init(subscription_status: String, plan: String? = nil, renews_on: String? = nil, expires_on: String? = nil,
                environment: String? = nil) {
        self.subscription_status = subscription_status
        self.plan = plan
        self.renews_on = renews_on
        self.expires_on = expires_on
        self.environment = environment
    }
}
