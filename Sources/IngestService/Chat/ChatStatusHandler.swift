import HubHTTPServer
import HubMessaging

/// `GET /api/v1/chat/status`: whether chat is usable and a team reply is unread. Never marks
/// anything read.
struct ChatStatusHandler {
    let access: ChatAccess
    let chat: BackendForwarding
    /// Per (project, client IP).
    let reads: RateLimiter

    func status(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        switch try access.resolve(request, write: false) {
        case .unavailable:
            respond(.success(.jsonBytes(Array("{\"available\":false,\"hasUnread\":false}".utf8))))
        case .owner(let owner, let context):
            try reads.consume(context.project.id + "|" + context.clientAddress)
            chat.forward(ChatStatus.self, ChatStatus.Request(owner: owner), respond: respond) { response in
                .jsonBytes(Array("{\"available\":true,\"hasUnread\":\(response.hasUnread)}".utf8))
            }
        }
    }
}
