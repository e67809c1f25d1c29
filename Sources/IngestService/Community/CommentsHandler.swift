import HubHTTPServer

/// `/api/v1/ideas/{handle}/comments`: an idea's public comments, oldest first, and adding one.
struct CommentsHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let cursors: CursorSigner

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        var errors = FieldErrors()
        let page = PageRequest.parse(request, &errors)
        try errors.throwIfAnyInQuery()
        let idea = try IdeasHandler.idea(request, context, store)
        let scope = "comments\n" + context.project.id + "\n" + idea.id
        var after: (createdAt: String, id: String)?
        if let cursor = page.cursor {
            let values = try cursors.open(cursor, scope: scope, count: 2)
            guard case .text(let createdAt) = values[0], case .text(let id) = values[1] else {
                throw APIError.invalidQuery(["cursor": ["is not a cursor of this query; start again without it"]])
            }
            after = (createdAt, id)
        }
        let rows = try store.publicCommentPage(ideaId: idea.id, after: after, limit: page.limit + 1)
        let items = Array(rows.prefix(page.limit))
        let next =
            rows.count > page.limit
            ? try cursors.sign([.text(items[items.count - 1].createdAt), .text(items[items.count - 1].id)], scope: scope) : nil
        return PublicJSON.page(items, nextCursor: next) { $0.appendJSON(to: &$1) }
    }

    struct CreateBody: Codable {
        var body: String?
        var authorName: String?
    }

    /// Checks the request and returns the write that stores the comment (`CommunityWrites`).
    func create(_ request: HTTPRequest) throws -> () throws -> CommunityHTTP.Written {
        let context = try requestGuard.resolve(request, write: true)
        let input = try request.decodeJSON(CreateBody.self)
        return try CommunityWrites.comment(
            handle: request.pathParameters["handle"], body: input.body, authorName: input.authorName, context, store: store,
            requestGuard: requestGuard, key: CommunityHTTP.idempotencyKey(request), payload: IngestStore.canonicalPayload(request.body))
    }
}
