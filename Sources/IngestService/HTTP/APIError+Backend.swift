import Shared

/// How a backend daemon's error becomes an HTTP answer.
extension APIError {
    /// Seconds a client waits before retrying while a backend is unreachable.
    static let backendRetryAfter = 2

    /// The daemon's answer kept as is (status, code, message, fields); a transport failure is 503
    /// `SERVICE_UNAVAILABLE` with `Retry-After`, and a failure without a status of its own is
    /// a generic 500 so nothing internal leaks.
    public static func fromBackend(_ error: RPCError) -> APIError {
        switch error.code {
        case RPCError.Code.timeout, RPCError.Code.peerUnavailable, RPCError.Code.deadlineExceeded:
            return .unavailable(retryAfter: backendRetryAfter)
        case RPCError.Code.internal, RPCError.Code.unknownType, RPCError.Code.unsupportedVersion, RPCError.Code.malformedMessage:
            return .internal()
        default:
            guard let status = error.status, (400...599).contains(status) else { return .internal() }
            return APIError(status: status, code: error.code, message: error.message, fields: error.fields)
        }
    }
}
