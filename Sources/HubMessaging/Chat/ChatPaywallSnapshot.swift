/// A device's complete paywall catalog and optional subscription metadata (the SDK's
/// `AppNorthPaywallSnapshot`, body of `POST /chat/paywalls`). Check it with `problems()`.
public struct ChatPaywallSnapshot: Codable, Equatable, Sendable {
    public var paywalls: [ChatPaywall]
    public var plan: ChatPaywallSubscriptionMetadata?

    public init(paywalls: [ChatPaywall], plan: ChatPaywallSubscriptionMetadata? = nil) {
        self.paywalls = paywalls
        self.plan = plan
    }

    /// The paywall with that ID, if the catalog has it.
    public func paywall(id: String) -> ChatPaywall? {
        paywalls.first { $0.id == id }
    }
}
