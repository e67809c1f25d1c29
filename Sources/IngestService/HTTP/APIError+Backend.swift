import HubHTTPServer
import HubMessaging

/// How a backend daemon's error becomes an HTTP answer.
extension APIError {
    /// Seconds a client waits before retrying while a backend is unreachable.
    static let backendRetryAfter = 2

    /// The daemon's answer kept as is (status, code, message, fields), except that a
    /// `retryAfter` field becomes the `Retry-After` header; a transport failure is 503
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
            if let seconds = error.fields?[RPCError.retryAfterField]?.first.flatMap({ Int($0) }) {
                var fields = error.fields
                fields?[RPCError.retryAfterField] = nil
                return APIError(
                    status: status, code: error.code, message: error.message, fields: fields?.isEmpty == false ? fields : nil,
                    headers: [("Retry-After", String(seconds))])
            }
            return APIError(status: status, code: error.code, message: error.message, fields: error.fields)
        }
    }
}
