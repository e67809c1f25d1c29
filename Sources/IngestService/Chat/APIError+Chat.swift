import HubHTTPServer
import HubMessaging

/// The chat routes' own codes.
extension APIError {
    public static let chatDisabled = APIError(status: 403, code: "CHAT_DISABLED", message: "Chat is disabled for this app.")
    public static let conversationNotFound = APIError(
        status: 404, code: ChatErrorCode.conversationNotFound,
        message: "No conversation with this ID.")
}
