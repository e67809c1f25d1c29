import HubHTTPServer

/// `POST /ideas/{ideaId}/merge` `{"into": targetIdeaId}`: folds a duplicate into another idea
/// of the same project and answers with the target.
struct AdminMergeHandler {
    struct CreateBody: Decodable {
        let into: String?
    }

    let store: IngestStore

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let source = try AdminLookup(store: store).idea(request, caller)
        let body = try request.decodeJSON(CreateBody.self)
        guard let into = body.into, !into.isEmpty else { throw APIError.invalidPayload(["into": ["is required"]]) }
        if into == source.id { throw APIError.mergeIntoSelf }
        // Another organization's idea is reported like a missing one.
        guard let target = try store.adminIdea(id: into, organizationId: caller.organizationId) else {
            throw APIError.invalidPayload(["into": ["no idea has this ID"]])
        }
        return .json(try store.mergeIdea(sourceId: source.id, into: target.id))
    }
}
