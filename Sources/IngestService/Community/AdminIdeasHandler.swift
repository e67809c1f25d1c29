import HubHTTPServer

/// Ideas of a project as operators see them (pending and rejected included): list, get, update.
struct AdminIdeasHandler {
    struct UpdateBody: Decodable {
        let title: String?
        let description: String?
        let status: String?
        let pinned: Bool?
        let board: String?
    }

    static let moderationStates = ["pending", "approved", "rejected"]

    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    /// `?board=&status=&moderation=&cursor=&limit=` → `{items, nextCursor}`, newest first.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        var errors = FieldErrors()
        let board = request.query["board"].flatMap { $0.isEmpty ? nil : $0 }
        let status = request.query["status"].flatMap { $0.isEmpty ? nil : $0 }
        let moderation = request.query["moderation"].flatMap { $0.isEmpty ? nil : $0 }
        if let board, !AdminValidation.isSlug(board) { errors.add("board", "must be a board slug") }
        if let status, !AdminValidation.isSlug(status) { errors.add("status", "must be a status slug") }
        if let moderation, !AdminIdeasHandler.moderationStates.contains(moderation) {
            errors.add("moderation", "must be one of pending, approved, rejected")
        }
        let pageRequest = PageRequest.parse(request, &errors)
        try errors.throwIfAnyInQuery()
        let limit = pageRequest.limit
        let filters = [project.id, board ?? "", status ?? "", moderation ?? ""]
        let cursor = try pageRequest.cursor.map { try AdminCursor.parse($0, filters: filters) }
        let page = try store.adminIdeas(
            projectId: project.id,
            filter: AdminIdeaFilter(boardSlug: board, statusSlug: status, moderation: moderation),
            after: cursor.map { ($0.createdAt, $0.id) }, limit: limit)
        let next = page.hasMore ? page.items.last.map { AdminCursor(createdAt: $0.createdAt, id: $0.id, filters: filters).text } : nil
        return .json(AdminPage(items: page.items, nextCursor: next))
    }

    /// A merged idea's ID answers with the idea it was merged into, as public handles do.
    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let idea = try lookup.idea(request, caller)
        guard idea.mergedInto != nil else { return .json(idea) }
        guard let target = try store.adminIdea(id: try store.resolveMerged(ideaId: idea.id), organizationId: caller.organizationId)
        else { throw APIError.adminNotFound("idea") }
        return .json(target)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        _ = try lookup.idea(request, caller)
        let body = try request.decodeJSON(UpdateBody.self)
        let idea = try IdeaWork(store: store).update(
            request.pathParameters["ideaId"],
            {
                try IdeaWork.changes(
                    title: body.title, description: body.description, status: body.status, board: body.board, pinned: body.pinned)
            }, by: caller.actor)
        return .json(idea)
    }
}
