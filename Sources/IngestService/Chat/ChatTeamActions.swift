import HubHTTPServer
import HubMessaging

/// What the team does in a conversation, for both of its doors: the operator API (a JSON body,
/// an API token) and the dashboard's pages (a form, a session). Each checks the values with the
/// same messages and codes (`INVALID_PAYLOAD` before anything is sent), finds the conversation
/// among the actor's organization's projects, makes the chatd call and hands its answer to
/// `render`, which draws it as the door answers (JSON, or a redirect back to the page).
struct ChatTeamActions {
    let locator: ChatConversationLocator
    let chat: BackendForwarding

    typealias Respond = (Result<HTTPResponse, Error>) -> Void

    func resolve(
        _ actor: AccountActor, conversationId: String?, sentiment: String?, respond: @escaping Respond,
        render: @escaping (ChatConversationSummary) throws -> HTTPResponse
    ) throws {
        guard let sentiment = sentiment.flatMap(ChatConversationSummary.Sentiment.init(rawValue:)) else {
            throw APIError.invalidPayload(["sentiment": ["must be positive, neutral or negative"]])
        }
        try locator.attempt(organizationId: actor.organizationId, conversationId: conversationId, respond: respond) { project, id, done in
            let call = ChatTeamResolve.Request(
                projectId: project.id, conversationId: id, sentiment: sentiment,
                automaticReviewRequests: project.automaticReviewRequests)
            chat.forward(ChatTeamResolve.self, call, respond: done, render: render)
        }
    }

    func reopen(
        _ actor: AccountActor, conversationId: String?, respond: @escaping Respond,
        render: @escaping (ChatConversationSummary) throws -> HTTPResponse
    ) throws {
        try locator.attempt(organizationId: actor.organizationId, conversationId: conversationId, respond: respond) { project, id, done in
            chat.forward(ChatTeamReopen.self, ChatConversationRef(projectId: project.id, conversationId: id), respond: done, render: render)
        }
    }

    /// A card: `review_request` (owners and admins; sent once, later calls return it) or
    /// `offer` (a paywall of the user's latest snapshot, a button label, an optional body).
    func card(
        _ actor: AccountActor, conversationId: String?, kind: String?, paywallId: String?, buttonLabel: String?, body: String?,
        respond: @escaping Respond, render: @escaping (ChatMessageDTO) throws -> HTTPResponse
    ) throws {
        switch kind {
        case "review_request":
            try actor.require(.requestReviews)
            try locator.attempt(organizationId: actor.organizationId, conversationId: conversationId, respond: respond) {
                project, id, done in
                chat.forward(
                    ChatTeamReviewCard.self, ChatConversationRef(projectId: project.id, conversationId: id), respond: done, render: render)
            }
        case "offer":
            var errors = FieldErrors()
            if paywallId?.isEmpty ?? true { errors.add("paywallId", "is required") }
            if buttonLabel == nil { errors.add("buttonLabel", "is required") }
            try errors.throwIfAny()
            let check = ChatOfferCard.Request(
                projectId: "", conversationId: "", paywallId: paywallId!, buttonLabel: buttonLabel!, body: body, author: actor.label)
            do {
                try check.validate()
            } catch let error as RPCError {
                throw APIError.fromBackend(error)
            }
            try locator.attempt(organizationId: actor.organizationId, conversationId: conversationId, respond: respond) {
                project, id, done in
                var offer = check
                offer.projectId = project.id
                offer.conversationId = id
                chat.forward(ChatOfferCard.self, offer, respond: done, render: render)
            }
        default:
            throw APIError.invalidPayload(["kind": ["must be review_request or offer"]])
        }
    }

    /// Throws 400 `INVALID_PAYLOAD` unless `body` and the number of photos make a message:
    /// 1–2,000 characters, or 0–2,000 with 1–3 photos; a note takes no photos.
    static func checkPost(body: String, internal: Bool, imageCount: Int) throws {
        var errors = FieldErrors()
        if !(imageCount == 0 ? InputLimits.chatMessage : 0...InputLimits.chatMessage.upperBound).contains(body.count) {
            errors.add(
                "body",
                "must be \(imageCount == 0 ? InputLimits.chatMessage.lowerBound : 0)-\(InputLimits.chatMessage.upperBound) characters")
        }
        if imageCount > ChatImageLimits.perMessage {
            errors.add("imageTokens", "must hold at most \(ChatImageLimits.perMessage) image tokens")
        }
        if `internal` && imageCount > 0 { errors.add("imageTokens", "internal notes do not accept photos") }
        try errors.throwIfAny()
    }

    /// A reply (public) or an internal note, written by the actor; with an idempotency key, the
    /// same key posted again returns the first message and sends nothing.
    func post(
        _ actor: AccountActor, conversationId: String?, body: String, internal: Bool, imageTokens: [String],
        idempotencyKey: String? = nil, respond: @escaping Respond, render: @escaping (ChatMessageDTO) throws -> HTTPResponse
    ) throws {
        try ChatTeamActions.checkPost(body: body, internal: `internal`, imageCount: imageTokens.count)
        try locator.attempt(organizationId: actor.organizationId, conversationId: conversationId, respond: respond) { project, id, done in
            let call = ChatTeamPost.Request(
                projectId: project.id, conversationId: id, body: body, internal: `internal`, author: actor.label,
                imageTokens: imageTokens, idempotencyKey: idempotencyKey)
            chat.forward(ChatTeamPost.self, call, respond: done, render: render)
        }
    }
}
