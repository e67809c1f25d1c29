import Shared

/// `PUT /api/v1/ideas/{handle}/vote`: sets the caller's vote to the desired state.
struct VotesHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard

    func register(on router: Router) {
        router.add("PUT", "/api/v1/ideas/{handle}/vote", maxBodyBytes: InputLimits.communityBodyBytes, update)
    }

    struct Body: Codable {
        var voted: Bool?
    }

    func update(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: true)
        let body = try request.decodeJSON(Body.self)
        guard let voted = body.voted else { throw APIError.invalidPayload(["voted": ["is required"]]) }
        let idea = try IdeasHandler.idea(request, context, store, forWrite: true)
        let board = try IdeasHandler.board(of: idea, context, store)
        try requestGuard.require(board.policies.vote, context.participant)
        guard let voter = context.participant.key else { throw APIError.identityRequired }
        let result = try store.idempotent(projectId: context.project.id, route: "PUT /api/v1/ideas/\(idea.id)/vote",
                                          scope: context.participant.idempotencyScope, key: CommunityHTTP.idempotencyKey(request),
                                          payload: IngestStore.canonicalPayload(request.body)) {
            (200, try store.setVote(ideaId: idea.id, voterKey: voter, voted: voted).json)
        }
        return CommunityHTTP.written(result)
    }
}
