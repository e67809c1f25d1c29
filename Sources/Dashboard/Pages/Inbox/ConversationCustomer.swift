/// Who the conversation is with, as the hub knows them: the identity, what the app sent when
/// the conversation opened, and the latest paywall snapshot the device reported.
public struct ConversationCustomer: Sendable, Equatable {
    public enum Identity: Sendable, Equatable {
        /// An email the app signed with the project's identity secret.
        case verified(email: String)
        /// Only the app's anonymous voter token: the hub does not know who it is.
        case anonymous
    }

    public var identity: Identity
    public var locale: String?
    /// As the app sent it, e.g. `iOS 18.2`.
    public var platform: String?
    public var bundleId: String?
    /// nil until the user's app reports its catalog.
    public var paywalls: ConversationPaywalls?

    public init(
        identity: Identity, locale: String? = nil, platform: String? = nil, bundleId: String? = nil, paywalls: ConversationPaywalls? = nil
    ) {
        self.identity = identity
        self.locale = locale
        self.platform = platform
        self.bundleId = bundleId
        self.paywalls = paywalls
    }

    /// How the thread and the page title name the user.
    public var displayName: String {
        switch identity {
        case .verified(let email): return email
        case .anonymous: return "Anonymous user"
        }
    }
}
