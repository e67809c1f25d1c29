import Dashboard
import HubCrypto
import HubHTTPServer

/// `GET /changelog/<APP_ID>` and `GET /changelog/<APP_ID>/feed.atom`: the published entries
/// (those with a publication time), newest first, through the store's `publishedChangelog`
/// as `GET /api/v1/changelog` reads them. No cookie reaches these paths: every answer is the
/// anonymous one, cacheable.
extension RoadmapPagesHandler {
    static let feedSize = 50

    func changelog(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request, cookies: false) else { return message(.notFound, request, nil, status: 404) }
        return try page("changelog", request, visit, source: store.db) {
            let scope = "roadmap-changelog\n" + visit.project.id
            var after: (publishedAt: String, id: String)?
            if let cursor = CommunityHTTP.nonEmptyQuery(request, "cursor"), let values = try? cursors.open(cursor, scope: scope, count: 2),
                case .text(let publishedAt) = values[0], case .text(let id) = values[1]
            {
                after = (publishedAt, id)
            }
            let rows = try store.publishedChangelog(projectId: visit.project.id, after: after, limit: RoadmapPagesHandler.pageSize + 1)
            let items = Array(rows.prefix(RoadmapPagesHandler.pageSize))
            let next =
                rows.count > items.count
                ? try cursors.sign([.text(items[items.count - 1].publishedAt ?? ""), .text(items[items.count - 1].id)], scope: scope) : nil
            return PublicChangelogPage(
                site: visit.site, entries: items.map(RoadmapPagesHandler.entry), nextCursor: next, paged: after != nil
            ).html
        }
    }

    func feed(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request, cookies: false) else { return message(.notFound, request, nil, status: 404) }
        let base = request.publicBase(configured: publicURL)
        let key = ["feed", visit.project.id, visit.site.language.rawValue, base].joined(separator: "\n")
        let rendered = try pages.value(for: key, in: store.db) {
            let entries = try store.publishedChangelog(projectId: visit.project.id, after: nil, limit: RoadmapPagesHandler.feedSize)
                .map(RoadmapPagesHandler.entry)
            let bytes = Array(
                ChangelogFeed(
                    site: visit.site, base: base, entries: entries, updated: entries.first?.publishedAt ?? visit.project.updatedAt
                ).xml.utf8)
            return Rendered(bytes: bytes, etag: "W/\"" + String(SHA256.hex(bytes).prefix(24)) + "\"")
        }
        var headers: [(String, String)] = [
            ("Content-Type", "application/atom+xml; charset=utf-8"), ("Cache-Control", "public, max-age=60"), ("ETag", rendered.etag),
            ("Vary", "Accept-Language"), ("X-Content-Type-Options", "nosniff"),
        ]
        if request.headers["if-none-match"] == rendered.etag {
            headers.removeFirst()
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: rendered.bytes)
    }

    static func entry(_ entry: ChangelogEntry) -> RoadmapEntry {
        RoadmapEntry(
            id: entry.id, title: entry.title, body: entry.body, publishedAt: entry.publishedAt ?? entry.updatedAt,
            updatedAt: entry.updatedAt)
    }
}
