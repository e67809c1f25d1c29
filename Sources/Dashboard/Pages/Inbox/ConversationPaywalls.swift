/// The latest paywall snapshot a user's device reported: its catalog, offered as offer cards,
/// and the subscription state it claims (not a verified entitlement).
public struct ConversationPaywalls: Sendable, Equatable {
    public struct Product: Sendable, Equatable {
        public var id: String
        /// Localized, currency included.
        public var price: String
        /// ISO-8601 duration (`P1M`); `P0D` for a one-time purchase.
        public var period: String
        public var trial: String?

        public init(id: String, price: String, period: String, trial: String? = nil) {
            self.id = id
            self.price = price
            self.period = period
            self.trial = trial
        }
    }

    public struct Paywall: Sendable, Equatable {
        public var id: String
        /// Team-only label.
        public var title: String
        public var presentable: Bool
        public var available: Bool
        public var products: [Product]

        public init(id: String, title: String, presentable: Bool, available: Bool, products: [Product] = []) {
            self.id = id
            self.title = title
            self.presentable = presentable
            self.available = available
            self.products = products
        }

        /// A card for it could open on the device now.
        public var canOpen: Bool { presentable && available }
    }

    /// The snake_case `plan` object of the snapshot, in Swift names.
    public struct Subscription: Sendable, Equatable {
        /// `active` or `none`.
        public var status: String
        /// A product ID.
        public var plan: String?
        /// `YYYY-MM-DD`; at most one of the two.
        public var renewsOn: String?
        public var expiresOn: String?
        /// `sandbox` or nil.
        public var environment: String?

        public init(status: String, plan: String? = nil, renewsOn: String? = nil, expiresOn: String? = nil, environment: String? = nil) {
            self.status = status
            self.plan = plan
            self.renewsOn = renewsOn
            self.expiresOn = expiresOn
            self.environment = environment
        }
    }

    /// ISO-8601 time the snapshot arrived.
    public var receivedAt: String
    public var paywalls: [Paywall]
    public var subscription: Subscription?

    public init(receivedAt: String, paywalls: [Paywall], subscription: Subscription? = nil) {
        self.receivedAt = receivedAt
        self.paywalls = paywalls
        self.subscription = subscription
    }
}
