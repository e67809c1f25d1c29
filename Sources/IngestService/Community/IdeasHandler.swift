import Foundation
import HubHTTPServer
import HubRuntime
import HubStore

/// `/api/v1/ideas`: the public idea list (filtered, searched, keyset-paged), one idea, and
/// submission.
struct IdeasHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let cursors: CursorSigner
    /// Rendered pages per project, viewer and `IdeaListQuery`, until the next write.
    let pages: GenerationCache<HTTPResponse>

    static let pageCacheEntries = 8_192
    /// Bytes of pages kept: a page of 50 long ideas can reach 600 KB, a usual one is a few KB.
    static let pageCacheBytes = 32 << 20

    init(
        store: IngestStore, requestGuard: PublicRequestGuard, cursors: CursorSigner,
        pageCacheBytes: Int = IdeasHandler.pageCacheBytes
    ) {
        self.store = store
        self.requestGuard = requestGuard
        self.cursors = cursors
        pages = GenerationCache(capacity: IdeasHandler.pageCacheEntries, maxBytes: pageCacheBytes) { $0.body.count }
    }

    static let createRoute = "POST /api/v1/ideas"
    /// Longer than any ID or slug: answered 404 without a query.
    static let maxHandleLength = 200

    /// The idea a path's `{handle}` names for this caller; 404 `NOT_FOUND` otherwise. Writes
    /// need a publicly visible idea, even from its author.
    static func idea(_ request: HTTPRequest, _ context: PublicContext, _ store: IngestStore, forWrite: Bool = false) throws -> CommunityIdea
    {
        try idea(handle: request.pathParameters["handle"], context, store, forWrite: forWrite)
    }

    static func idea(handle: String?, _ context: PublicContext, _ store: IngestStore, forWrite: Bool = false) throws -> CommunityIdea {
        guard let handle, handle.utf8.count <= maxHandleLength,
            let idea = try store.publicIdea(projectId: context.project.id, handle: handle, viewerKey: context.participant.key),
            !forWrite || idea.isPubliclyVisible
        else {
            throw APIError.notFound("NOT_FOUND", "No idea has this ID or slug.")
        }
        return idea
    }

    /// The board of an idea, for its policies.
    static func board(of idea: CommunityIdea, _ context: PublicContext, _ store: IngestStore) throws -> Board {
        guard let board = try store.boards(projectId: context.project.id).first(where: { $0.id == idea.boardId }) else {
            throw APIError.notFound("NOT_FOUND", "No idea has this ID or slug.")
        }
        return board
    }

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        var errors = FieldErrors()
        let query = IdeaListQuery(request, &errors)
        // A query with errors is answered with all of them, the board's and status's too, and never cached.
        guard errors.isEmpty else { return try renderList(query, context, errors) }
        let key = query.cacheKey(projectId: context.project.id, viewer: context.participant.key)
        return try pages.value(for: key, in: store.communityChanges) { try renderList(query, context, errors) }
    }

    private func renderList(_ query: IdeaListQuery, _ context: PublicContext, _ queryErrors: FieldErrors) throws -> HTTPResponse {
        var errors = queryErrors
        let page = query.page
        let boards = try store.boards(projectId: context.project.id)
        var filter = IdeaListFilter(sort: query.sort)
        let boardSlug = query.board
        var searchedBoards = boards
        if let boardSlug {
            if let board = boards.first(where: { $0.slug == boardSlug }) {
                filter.boardId = board.id
                searchedBoards = [board]
            } else {
                errors.add("board", "is not a board of this project")
            }
        }
        let statusSlug = query.status
        if let statusSlug {
            let ids = searchedBoards.flatMap(\.statuses).filter { $0.slug == statusSlug }.map(\.id)
            if ids.isEmpty { errors.add("status", boardSlug == nil ? "is not a status of this project" : "is not a status of this board") }
            filter.statusIds = ids
        }
        try errors.throwIfAnyInQuery()

        let search = query.search
        let scope =
            "ideas\n" + context.project.id + "\n"
            + [boardSlug ?? "", statusSlug ?? "", search, filter.sort.rawValue].map(JSONText.quoted).joined(separator: ",")
        let after = try page.cursor.map { try cursors.open($0, scope: scope, count: 3) }
        if !search.isEmpty {
            guard let match = SearchExpression.fts5(search) else { return PublicJSON.page([CommunityIdea](), nextCursor: nil) { _, _ in } }
            filter.match = match
        }
        let rows: [CommunityIdea]
        do {
            rows = try store.publicIdeaPage(
                projectId: context.project.id, filter: filter, after: after?.map(\.sql), limit: page.limit + 1,
                viewerKey: context.participant.key)
        } catch let error as StoreError where filter.match != nil {
            // Search expressions are built to be valid; should FTS5 still refuse one, that
            // is the query's fault and never worth a 500.
            if case .sqlite = error { throw APIError.invalidQuery(["query": ["cannot be searched"]]) }
            throw error
        }
        let items = Array(rows.prefix(page.limit))
        let next = rows.count > page.limit ? try cursors.sign(filter.sort.position(of: items[items.count - 1]), scope: scope) : nil
        return PublicJSON.page(items, nextCursor: next) { $0.appendJSON(to: &$1) }
    }

    func get(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        return PublicJSON.idea(try IdeasHandler.idea(request, context, store))
    }

    /// The body of `POST /ideas`; every field optional here so that missing ones are field errors.
    struct CreateBody: Codable {
        var board: String?
        var title: String?
        var description: String?
        var authorName: String?
    }

    /// Validates a submission and returns the write that stores it (`CommunityWrites`).
    func create(_ request: HTTPRequest) throws -> () throws -> CommunityHTTP.Written {
        let context = try requestGuard.resolve(request, write: true)
        let body = try request.decodeJSON(CreateBody.self)
        return try CommunityWrites.submitIdea(
            .init(board: body.board, title: body.title, description: body.description, authorName: body.authorName), context,
            store: store, requestGuard: requestGuard, key: CommunityHTTP.idempotencyKey(request),
            payload: IngestStore.canonicalPayload(request.body))
    }
}

// The usual shape, read without JSONDecoder: strings without escapes and no other member.
extension IdeasHandler.CreateBody: JSONReadable {
    init?(json: JSONObjectReader) {
        guard json.hasOnly(["board", "title", "description", "authorName"]),
            let board = json.optionalString("board"), let title = json.optionalString("title"),
            let description = json.optionalString("description"), let authorName = json.optionalString("authorName")
        else { return nil }
        self.init(board: board, title: title, description: description, authorName: authorName)
    }
}
