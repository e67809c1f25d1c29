import HubMessaging

/// Why a provider call gave no usable results. Never turned into an empty result list.
public enum ASOProviderError: Error, Equatable, Sendable {
    /// No answer, a server error, or an answer that is not a readable result list.
    case unavailable(String)
    /// The provider is throttling; retry after this many seconds.
    case rateLimited(retryAfter: Int)

    /// The error the caller of asod receives.
    public var rpcError: RPCError {
        switch self {
        case .unavailable(let reason): return .asoProviderUnavailable(reason)
        case .rateLimited(let seconds): return .asoProviderRateLimited(retryAfter: seconds)
        }
    }
}
