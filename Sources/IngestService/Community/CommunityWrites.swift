import HubHTTPServer

/// The community's three writes (submit an idea, vote, comment) with their checks: the board,
/// its policy for this participant, the texts' limits, the idea's visibility. The SDK's
/// handlers and the hosted roadmap's forms both call these; each returns the storage, run in
/// the store's next group commit, idempotent by (route, participant, key). The key is checked
/// and the payload hashed (`IdempotencyClaim`) before the storage is returned: the writer
/// thread, which every write waits for, does neither.
enum CommunityWrites {
    /// The fields of a new idea, as sent (JSON or form); missing ones are field errors.
    struct IdeaInput {
        var board: String?
        var title: String?
        var description: String?
        var authorName: String?
    }

    /// What a stored idea or comment answers: 201 with the item, `moderated` when it waits
    /// for review. The pages read `moderated` back from it.
    static func submitIdea(
        _ input: IdeaInput, _ context: PublicContext, store: IngestStore, requestGuard: PublicRequestGuard, key: String?, payload: [UInt8]
    ) throws -> () throws -> CommunityHTTP.Written {
        var errors = FieldErrors()
        let board = try input.board.flatMap { slug in try store.boards(projectId: context.project.id).first { $0.slug == slug } }
        if input.board == nil {
            errors.add("board", "is required")
        } else if board == nil {
            errors.add("board", "is not a board of this project")
        }
        if let board { try requestGuard.require(board.policies.submission, context.participant) }
        let title = errors.text(input.title, "title", InputLimits.ideaTitle)
        let description = errors.text(input.description ?? "", "description", InputLimits.ideaDescription)
        let authorName = errors.text(input.authorName, "authorName", InputLimits.authorName, required: false)
        try errors.throwIfAny()
        guard let board, let title, let description else { throw APIError.invalidPayload(errors.fields) }
        let claim = try IdempotencyClaim(key: key, payload: payload)
        return {
            try store.idempotent(
                projectId: context.project.id, route: IdeasHandler.createRoute,
                scope: context.participant.idempotencyScope, claim: claim
            ) {
                let idea = try store.submitIdea(
                    projectId: context.project.id, board: board, title: title, description: description,
                    authorName: authorName, authorEmail: context.participant.identity?.email,
                    authorKey: context.participant.key)
                return (201, PublicJSON.creation(moderated: !idea.isPubliclyVisible) { idea.appendJSON(to: &$0) })
            }
        }
    }

    /// Sets the participant's vote on the publicly visible idea `handle` names.
    static func vote(
        handle: String?, voted: Bool?, _ context: PublicContext, store: IngestStore, requestGuard: PublicRequestGuard, key: String?,
        payload: [UInt8]
    ) throws -> () throws -> CommunityHTTP.Written {
        guard let voted else { throw APIError.invalidPayload(["voted": ["is required"]]) }
        let idea = try IdeasHandler.idea(handle: handle, context, store, forWrite: true)
        let board = try IdeasHandler.board(of: idea, context, store)
        try requestGuard.require(board.policies.vote, context.participant)
        guard let voter = context.participant.key else { throw APIError.identityRequired }
        let claim = try IdempotencyClaim(key: key, payload: payload)
        return {
            try store.idempotent(
                projectId: context.project.id, route: "PUT /api/v1/ideas/\(idea.id)/vote",
                scope: context.participant.idempotencyScope, claim: claim
            ) {
                (200, try store.setVote(ideaId: idea.id, voterKey: voter, voted: voted).json)
            }
        }
    }

    /// Adds the participant's comment to the publicly visible idea `handle` names.
    static func comment(
        handle: String?, body: String?, authorName: String?, _ context: PublicContext, store: IngestStore, requestGuard: PublicRequestGuard,
        key: String?, payload: [UInt8]
    ) throws -> () throws -> CommunityHTTP.Written {
        let idea = try IdeasHandler.idea(handle: handle, context, store, forWrite: true)
        let board = try IdeasHandler.board(of: idea, context, store)
        try requestGuard.require(board.policies.comment, context.participant)
        var errors = FieldErrors()
        let text = errors.text(body, "body", InputLimits.comment)
        let name = errors.text(authorName, "authorName", InputLimits.authorName, required: false)
        try errors.throwIfAny()
        guard let text else { throw APIError.invalidPayload(errors.fields) }
        let moderated = board.moderation.moderatesComments
        let claim = try IdempotencyClaim(key: key, payload: payload)
        return {
            try store.idempotent(
                projectId: context.project.id, route: "POST /api/v1/ideas/\(idea.id)/comments",
                scope: context.participant.idempotencyScope, claim: claim
            ) {
                let comment = try store.submitComment(
                    idea: idea, moderated: moderated, body: text, authorName: name,
                    authorEmail: context.participant.identity?.email,
                    authorKey: context.participant.key)
                return (201, PublicJSON.creation(moderated: moderated) { comment.appendJSON(to: &$0) })
            }
        }
    }
}
