import HubHTTPServer

/// `PUT /api/v1/ideas/{handle}/vote`: sets the caller's vote to the desired state.
struct VotesHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard

    struct Body: Codable {
        var voted: Bool?
    }

    /// Checks the request and returns the write that sets the vote.
    func update(_ request: HTTPRequest) throws -> () throws -> CommunityHTTP.Written {
        let context = try requestGuard.resolve(request, write: true)
        let body = try request.decodeJSON(Body.self)
        guard let voted = body.voted else { throw APIError.invalidPayload(["voted": ["is required"]]) }
        let idea = try IdeasHandler.idea(request, context, store, forWrite: true)
        let board = try IdeasHandler.board(of: idea, context, store)
        try requestGuard.require(board.policies.vote, context.participant)
        guard let voter = context.participant.key else { throw APIError.identityRequired }
        let key = CommunityHTTP.idempotencyKey(request)
        let payload = IngestStore.canonicalPayload(request.body)
        return { [store] in
            try store.idempotent(
                projectId: context.project.id, route: "PUT /api/v1/ideas/\(idea.id)/vote",
                scope: context.participant.idempotencyScope, key: key, payload: payload
            ) {
                (200, try store.setVote(ideaId: idea.id, voterKey: voter, voted: voted).json)
            }
        }
    }
}
