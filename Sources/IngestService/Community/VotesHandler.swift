import HubHTTPServer

/// `PUT /api/v1/ideas/{handle}/vote`: sets the caller's vote to the desired state.
struct VotesHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard

    struct Body: Codable {
        var voted: Bool?
    }

    /// Checks the request and returns the write that sets the vote (`CommunityWrites`).
    func update(_ request: HTTPRequest) throws -> () throws -> CommunityHTTP.Written {
        let context = try requestGuard.resolve(request, write: true)
        let body = try request.decodeJSON(Body.self)
        return try CommunityWrites.vote(
            handle: request.pathParameters["handle"], voted: body.voted, context, store: store, requestGuard: requestGuard,
            key: CommunityHTTP.idempotencyKey(request), payload: IngestStore.canonicalPayload(request.body))
    }
}
