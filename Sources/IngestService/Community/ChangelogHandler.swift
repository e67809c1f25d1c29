import HubHTTPServer
import HubRuntime

/// `GET /api/v1/changelog`: the project's published entries, newest published first.
struct ChangelogHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let cursors: CursorSigner

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        var errors = FieldErrors()
        let page = PageRequest.parse(request, &errors)
        try errors.throwIfAnyInQuery()
        let scope = "changelog\n" + context.project.id
        var after: (publishedAt: String, id: String)?
        if let cursor = page.cursor {
            let values = try cursors.open(cursor, scope: scope, count: 2)
            guard case .text(let publishedAt) = values[0], case .text(let id) = values[1] else {
                throw APIError.invalidQuery(["cursor": ["is not a cursor of this query; start again without it"]])
            }
            after = (publishedAt, id)
        }
        let rows = try store.publishedChangelog(projectId: context.project.id, after: after, limit: page.limit + 1)
        let items = Array(rows.prefix(page.limit))
        let next =
            rows.count > page.limit
            ? try cursors.sign([.text(items[items.count - 1].publishedAt ?? ""), .text(items[items.count - 1].id)], scope: scope) : nil
        return PublicJSON.page(items, nextCursor: next) { entry, out in
            out += "{\"id\":"
            out.scriptSafeString(entry.id)
            out += ",\"title\":"
            out.scriptSafeString(entry.title)
            out += ",\"body\":"
            out.scriptSafeString(entry.body)
            out += ",\"publishedAt\":"
            out.scriptSafeOptional(entry.publishedAt)
            out += "}"
        }
    }
}
