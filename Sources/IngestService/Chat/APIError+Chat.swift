import Shared

/// The chat routes' own codes, and how a chatd error becomes an HTTP answer.
extension APIError {
    public static let chatDisabled = APIError(status: 403, code: "CHAT_DISABLED", message: "Chat is disabled for this app.")
    public static let conversationNotFound = APIError(status: 404, code: ChatErrorCode.conversationNotFound,
                                                      message: "No conversation with this ID.")

    /// Seconds a client waits before retrying while chatd is unreachable.
    static let chatRetryAfter = 2

    /// chatd's answer kept as is (status, code, message, fields); a transport failure is 503
    /// `SERVICE_UNAVAILABLE` with `Retry-After`, and a failure without a status of its own is
    /// a generic 500 so nothing internal leaks.
    public static func fromChat(_ error: RPCError) -> APIError {
        switch error.code {
        case RPCError.Code.timeout, RPCError.Code.peerUnavailable, RPCError.Code.deadlineExceeded:
            return .unavailable(retryAfter: chatRetryAfter)
        case RPCError.Code.internal, RPCError.Code.unknownType, RPCError.Code.unsupportedVersion, RPCError.Code.malformedMessage:
            return .internal()
        default:
            guard let status = error.status, (400...599).contains(status) else { return .internal() }
            return APIError(status: status, code: error.code, message: error.message, fields: error.fields)
        }
    }
}
