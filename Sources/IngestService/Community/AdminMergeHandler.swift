import HubHTTPServer

/// `POST /ideas/{ideaId}/merge` `{"into": targetIdeaId}`: folds a duplicate into another idea
/// of the same project and answers with the target.
struct AdminMergeHandler {
    struct CreateBody: Decodable {
        let into: String?
    }

    let store: IngestStore

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["ideaId"]
        _ = try IdeaWork(store: store).idea(id, caller.actor)
        let body = try request.decodeJSON(CreateBody.self)
        return .json(try IdeaWork(store: store).merge(id, into: body.into, by: caller.actor))
    }
}
