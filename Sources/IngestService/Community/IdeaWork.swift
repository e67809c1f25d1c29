import HubHTTPServer

/// The team's work on ideas and comments that the operator API and the dashboard's idea pages
/// share: finding them within the caller's organization (another organization's is 404 like a
/// missing one), the same checks and field errors, the same store calls. The caller is an
/// `AccountActor`: a token, or a signed-in member.
struct IdeaWork {
    let store: IngestStore

    /// The idea as stored, merged or not; 404 `NOT_FOUND` outside the organization.
    func idea(_ id: String?, _ actor: AccountActor) throws -> AdminIdea {
        guard let id, let idea = try store.adminIdea(id: id, organizationId: actor.organizationId) else {
            throw APIError.adminNotFound("idea")
        }
        return idea
    }

    func comment(_ id: String?, _ actor: AccountActor) throws -> AdminComment {
        guard let id, let comment = try store.adminComment(id: id, organizationId: actor.organizationId) else {
            throw APIError.adminNotFound("comment")
        }
        return comment
    }

    /// The store's edit for the given fields; 400 `INVALID_PAYLOAD` naming every bad one.
    static func changes(title: String?, description: String?, status: String?, board: String?, pinned: Bool?) throws
        -> AdminIdeaChanges
    {
        var errors = FieldErrors()
        var changes = AdminIdeaChanges()
        changes.title = errors.text(title, "title", InputLimits.ideaTitle, required: false)
        changes.description = errors.text(description, "description", InputLimits.ideaDescription, required: false)
        changes.statusSlug = AdminValidation.slug(status, "status", into: &errors, required: false)
        changes.boardSlug = AdminValidation.slug(board, "board", into: &errors, required: false)
        changes.pinned = pinned
        try errors.throwIfAny()
        return changes
    }

    /// Edits the public text, status, board or pin; 409 `IDEA_MERGED` for a merged idea.
    func update(_ id: String?, _ changes: () throws -> AdminIdeaChanges, by actor: AccountActor) throws -> AdminIdea {
        try actor.require(.moderateIdeas)
        let idea = try idea(id, actor)
        return try store.updateIdea(id: idea.id, changes: changes())
    }

    func moderate(idea id: String?, _ decision: ModerationDecision, by actor: AccountActor) throws -> AdminIdea {
        try actor.require(.moderateIdeas)
        return try store.moderateIdea(id: try idea(id, actor).id, decision: decision)
    }

    func moderate(comment id: String?, _ decision: ModerationDecision, by actor: AccountActor) throws -> AdminComment {
        try actor.require(.moderateIdeas)
        return try store.moderateComment(id: try comment(id, actor).id, decision: decision)
    }

    /// Folds the duplicate `id` into `into`, an idea of the same organization; 400 when `into`
    /// is missing or unknown, 409 `MERGE_INTO_SELF` for itself.
    func merge(_ id: String?, into: String?, by actor: AccountActor) throws -> AdminIdea {
        try actor.require(.moderateIdeas)
        let source = try idea(id, actor)
        guard let into, !into.isEmpty else { throw APIError.invalidPayload(["into": ["is required"]]) }
        if into == source.id { throw APIError.mergeIntoSelf }
        // Another organization's idea is reported like a missing one.
        guard let target = try store.adminIdea(id: into, organizationId: actor.organizationId) else {
            throw APIError.invalidPayload(["into": ["no idea has this ID"]])
        }
        return try store.mergeIdea(sourceId: source.id, into: target.id)
    }

    /// An official comment, public at once; a merged idea's ID comments on the idea it was
    /// merged into.
    func officialComment(on id: String?, body: String?, authorName: String?, by actor: AccountActor) throws -> AdminComment {
        try actor.require(.moderateIdeas)
        let idea = try idea(id, actor)
        var errors = FieldErrors()
        let text = errors.text(body, "body", InputLimits.comment)
        let author = errors.text(authorName, "authorName", InputLimits.authorName, required: false)
        try errors.throwIfAny()
        return try store.createOfficialComment(ideaId: try store.resolveMerged(ideaId: idea.id), body: text!, authorName: author)
    }
}
