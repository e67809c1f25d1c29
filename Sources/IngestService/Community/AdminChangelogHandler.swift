import Foundation
import HubHTTPServer

/// Changelog entries of a project: drafts, edits, publishing and unpublishing.
struct AdminChangelogHandler {
    struct Body: Decodable {
        let title: String?
        let body: String?
    }

    static let title = 1...200
    static let body = 1...20_000

    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    private func entry(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ChangelogEntry {
        guard let id = request.pathParameters["entryId"],
            let entry = try store.changelogEntry(id: id, organizationId: caller.organizationId)
        else { throw APIError.adminNotFound("changelog entry") }
        return entry
    }

    /// `?cursor=&limit=` → `{items, nextCursor}`, drafts included, newest created first.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        var errors = FieldErrors()
        let page = PageRequest.parse(request, &errors)
        try errors.throwIfAnyInQuery()
        let filters = ["changelog", project.id]
        let cursor = try page.cursor.map { try AdminCursor.parse($0, filters: filters) }
        let result = try store.changelogEntries(projectId: project.id, after: cursor.map { ($0.createdAt, $0.id) }, limit: page.limit)
        let next: Any =
            result.hasMore
            ? result.items.last.map {
                AdminCursor(createdAt: $0.createdAt, id: $0.id, filters: filters).text
            } ?? NSNull() : NSNull()
        return AdminFeedbackJSON.response(["items": result.items.map(\.json), "nextCursor": next])
    }

    /// `{"title","body"}` → 201 draft.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        let input = try AdminChangelogHandler.texts(try request.decodeJSON(Body.self), required: true)
        return AdminFeedbackJSON.response(
            try store.createChangelogEntry(projectId: project.id, title: input.title!, body: input.body!).json,
            status: 201)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let entry = try entry(request, caller)
        let input = try AdminChangelogHandler.texts(try request.decodeJSON(Body.self), required: false)
        return AdminFeedbackJSON.response(try store.updateChangelogEntry(id: entry.id, title: input.title, body: input.body).json)
    }

    /// An entry's title and text, trimmed and within their limits, or 400 `INVALID_PAYLOAD`;
    /// the dashboard's changelog page checks its forms with it too.
    static func texts(_ input: Body, required: Bool) throws -> (title: String?, body: String?) {
        var errors = FieldErrors()
        let title = errors.text(input.title, "title", AdminChangelogHandler.title, required: required)
        let body = errors.text(input.body, "body", AdminChangelogHandler.body, required: required)
        try errors.throwIfAny()
        return (title, body)
    }

    func publish(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        AdminFeedbackJSON.response(try store.setChangelogPublished(id: try entry(request, caller).id, true).json)
    }

    func unpublish(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        AdminFeedbackJSON.response(try store.setChangelogPublished(id: try entry(request, caller).id, false).json)
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.deleteChangelogEntry(id: try entry(request, caller).id)
        return .noContent
    }
}
