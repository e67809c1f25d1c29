/// Device-reported subscription state (the SDK's `AppNorthSubscriptionMetadata`), with its
/// snake_case wire keys. Not a trusted entitlement.
public struct ChatPaywallSubscriptionMetadata: Codable, Equatable, Sendable {
    /// Kept as text so an unknown value is a field error rather than an undecodable body.
    public var subscriptionStatus: String
    public var plan: String?
    /// `YYYY-MM-DD`; never together with `expires_on`.
    public var renewsOn: String?
    public var expiresOn: String?
    /// `sandbox` or absent.
    public var environment: String?

    public init(
        subscriptionStatus: String, plan: String? = nil, renewsOn: String? = nil, expiresOn: String? = nil,
        environment: String? = nil
    ) {
        self.subscriptionStatus = subscriptionStatus
        self.plan = plan
        self.renewsOn = renewsOn
        self.expiresOn = expiresOn
        self.environment = environment
    }

    private enum CodingKeys: String, CodingKey {
        case subscriptionStatus = "subscription_status"
        case plan
        case renewsOn = "renews_on"
        case expiresOn = "expires_on"
        case environment
    }
}
