import HubHTTPServer
import HubMessaging

/// `POST /api/v1/chat/cards/opened` and `/tapped`: the first display or tap of a card.
struct ChatCardsHandler {
    let access: ChatAccess
    let chat: BackendForwarding
    /// Card events per (project, client IP).
    let events: RateLimiter

    struct Body: Decodable { let messageId: String }

    func opened(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try record(.opened, request, respond)
    }

    func tapped(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try record(.tapped, request, respond)
    }

    func record(
        _ event: ChatCardsActivity.Event, _ request: HTTPRequest,
        _ respond: @escaping (Result<HTTPResponse, Error>) -> Void
    ) throws {
        let (owner, context) = try access.requireOwner(request)
        try events.consume(context.project.id + "|" + context.clientAddress)
        let body = try request.decodeJSON(Body.self)
        guard (1...200).contains(body.messageId.utf8.count) else {
            throw APIError.invalidPayload(["messageId": ["must be a message ID"]])
        }
        chat.forward(
            ChatCardsActivity.self, ChatCardsActivity.Request(owner: owner, messageId: body.messageId, event: event),
            respond: respond
        ) { _ in .noContent }
    }
}
