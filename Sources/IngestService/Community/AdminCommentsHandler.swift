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
        let idea = try AdminLookup(store: store).idea(request, caller)
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let text = errors.text(body.body, "body", InputLimits.comment)
        let author = errors.text(body.authorName, "authorName", InputLimits.authorName, required: false)
        try errors.throwIfAny()
        let comment = try store.createOfficialComment(ideaId: try store.resolveMerged(ideaId: idea.id), body: text!, authorName: author)
        return .json(comment, status: 201)
    }
}
