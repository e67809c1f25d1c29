import HubHTTPServer

/// `POST /ideas/{ideaId}/comments`: an official team comment, public at once.
struct AdminCommentsHandler {
    struct CreateBody: Decodable {
        let body: String?
        let authorName: String?
    }

    let store: IngestStore

    /// A merged idea's ID comments on the idea it was merged into, as public handles do.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["ideaId"]
        _ = try IdeaWork(store: store).idea(id, caller.actor)
        let body = try request.decodeJSON(CreateBody.self)
        let comment = try IdeaWork(store: store).officialComment(on: id, body: body.body, authorName: body.authorName, by: caller.actor)
        return .json(comment, status: 201)
    }
}
