import HubHTTPServer
import HubMessaging

/// Operator actions on one conversation: resolve with a sentiment (a positive one may send
/// the review-request card, per the project's `automaticReviewRequests`), reopen, and send a
/// card. The work is `ChatTeamActions`', which the dashboard's pages share.
struct AdminConversationActionsHandler {
    let actions: ChatTeamActions

    struct ResolveBody: Decodable { let sentiment: String }
    struct CardBody: Decodable {
        let kind: String
        let paywallId: String?
        let buttonLabel: String?
        let body: String?
    }

    func resolve(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ResolveBody.self)
        try actions.resolve(
            caller.actor, conversationId: request.pathParameters["conversationId"], sentiment: body.sentiment, respond: respond
        ) {
            .json(AdminConversationJSON(summary: $0))
        }
    }

    func reopen(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try actions.reopen(caller.actor, conversationId: request.pathParameters["conversationId"], respond: respond) {
            .json(AdminConversationJSON(summary: $0))
        }
    }

    func card(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(CardBody.self)
        try actions.card(
            caller.actor, conversationId: request.pathParameters["conversationId"], kind: body.kind, paywallId: body.paywallId,
            buttonLabel: body.buttonLabel, body: body.body, respond: respond
        ) { .json($0, status: 201) }
    }
}
