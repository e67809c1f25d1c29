import Foundation
import HubMessaging

/// What a RevenueCat API v2 call can end in, besides an answer.
enum RevenueCatError: Error, Equatable {
    /// 401: the key is unknown or revoked.
    case rejected
    /// 403: the key lacks the permission the call needs; RevenueCat's message.
    case forbidden(String)
    case notFound
    /// 429 still after the one bounded retry; the wait RevenueCat asked for, in milliseconds.
    case rateLimited(waitMs: Int)
    /// Not reachable, 5xx, or an answer that is not RevenueCat's shape.
    case unavailable(String)

    /// The error an operator call answers (docs/revenuecat.md). `connecting`: the key was just
    /// typed, so a refusal is the request's fault (400); later it is the stored key's (409).
    func rpcError(connecting: Bool, call: String) -> RPCError {
        switch self {
        case .rejected:
            return RPCError(
                code: RevenueErrorCode.credentialsRejected,
                message: "RevenueCat rejected the key (401); check that it is a current secret v2 key (sk_…).",
                status: connecting ? 400 : 409)
        case .forbidden(let why):
            return RPCError(
                code: RevenueErrorCode.missingPermission,
                message:
                    "The key may not \(call) (403: \(why.prefix(200))). Give it access to the project and the charts_metrics:overview:read permission.",
                status: connecting ? 400 : 409)
        case .notFound:
            return RPCError(
                code: RevenueErrorCode.projectRequired, message: "RevenueCat has no such project for this key; choose one it lists.",
                status: 409)
        case .rateLimited(let waitMs):
            let seconds = max(1, (waitMs + 999) / 1000)
            return RPCError(
                code: RevenueErrorCode.rateLimited, message: "RevenueCat is throttling requests; retry after \(seconds) s.", status: 503,
                fields: [RPCError.retryAfterField: [String(seconds)]])
        case .unavailable(let why):
            return RPCError(
                code: RevenueErrorCode.storeUnavailable,
                message: "RevenueCat is unavailable (\(why.prefix(200))); retry after it recovers.",
                status: 502)
        }
    }
}
