import HubHTTPServer
import HubMessaging

/// Operator actions on one conversation: resolve with a sentiment (a positive one may send
/// the review-request card, per the project's `automaticReviewRequests`), reopen, and send a card.
struct AdminConversationActionsHandler {
    let locator: ChatConversationLocator
    let chat: BackendForwarding

    struct ResolveBody: Decodable { let sentiment: String }
    struct CardBody: Decodable {
        let kind: String
        let paywallId: String?
        let buttonLabel: String?
        let body: String?
    }

    func resolve(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ResolveBody.self)
        guard let sentiment = ChatConversationSummary.Sentiment(rawValue: body.sentiment) else {
            throw APIError.invalidPayload(["sentiment": ["must be positive, neutral or negative"]])
        }
        try locator.attempt(caller, request, respond: respond) { project, id, done in
            let call = ChatTeamResolve.Request(
                projectId: project.id, conversationId: id, sentiment: sentiment,
                automaticReviewRequests: project.automaticReviewRequests)
            chat.forward(ChatTeamResolve.self, call, respond: done) { .json(AdminConversationJSON(summary: $0)) }
        }
    }

    func reopen(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try locator.attempt(caller, request, respond: respond) { project, id, done in
            chat.forward(ChatTeamReopen.self, ChatConversationRef(projectId: project.id, conversationId: id), respond: done) {
                .json(AdminConversationJSON(summary: $0))
            }
        }
    }

    func card(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(CardBody.self)
        switch body.kind {
        case "review_request":
            try locator.attempt(caller, request, respond: respond) { project, id, done in
                chat.forward(ChatTeamReviewCard.self, ChatConversationRef(projectId: project.id, conversationId: id), respond: done) {
                    .json($0, status: 201)
                }
            }
        case "offer":
            var errors = FieldErrors()
            if body.paywallId?.isEmpty ?? true { errors.add("paywallId", "is required") }
            if body.buttonLabel == nil { errors.add("buttonLabel", "is required") }
            try errors.throwIfAny()
            let token = caller.token.id
            try locator.attempt(caller, request, respond: respond) { project, id, done in
                let offer = ChatOfferCard.Request(
                    projectId: project.id, conversationId: id, paywallId: body.paywallId!,
                    buttonLabel: body.buttonLabel!, body: body.body, author: "token:" + token)
                do {
                    try offer.validate()
                } catch {
                    return done(.failure(APIError.fromBackend(error as? RPCError ?? .internal("\(error)"))))
                }
                chat.forward(ChatOfferCard.self, offer, respond: done) { .json($0, status: 201) }
            }
        default:
            throw APIError.invalidPayload(["kind": ["must be review_request or offer"]])
        }
    }
}
