import Dashboard
import Foundation
import HubHTTPServer

/// The changelog of an app: `GET /dashboard/changelog` for every member; drafts, edits,
/// publishing and unpublishing for roles with `.publish`, checked as the operator API checks
/// them (`AdminChangelogHandler.texts`).
struct ChangelogPagesHandler {
    let store: IngestStore

    var community: CommunityPages { CommunityPages(store: store) }

    static let pageSize = 20

    static let notices: [String: String] = [
        "created": "Draft saved. It stays here until you publish it.", "saved": "Entry saved.",
        "published": "Published: it is on the public changelog now.", "unpublished": "Returned to draft.",
    ]

    /// `GET /dashboard/changelog?app=&cursor=`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        PageResponse.html(
            try view(context).html(viewer: context.viewer(), notice: CommunityPages.notice(context, ChangelogPagesHandler.notices)))
    }

    func view(_ context: PageContext, app chosen: String? = nil) throws -> ChangelogPage {
        let (apps, app) = try community.apps(context, chosen: chosen)
        guard let app else { return ChangelogPage(apps: apps, app: nil) }
        let fingerprint = ["changelog", app.id]
        let cursor = try context.request.query["cursor"].flatMap { $0.isEmpty ? nil : $0 }.map {
            try AdminCursor.parse($0, filters: fingerprint)
        }
        let result = try store.changelogEntries(
            projectId: app.id, after: cursor.map { ($0.createdAt, $0.id) }, limit: ChangelogPagesHandler.pageSize)
        return ChangelogPage(
            apps: apps, app: app,
            entries: result.items.map {
                ChangelogPage.Entry(
                    id: $0.id, title: $0.title, body: $0.body, isPublished: $0.state == "published", publishedAt: $0.publishedAt,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            },
            nextCursor: result.hasMore
                ? result.items.last.map { AdminCursor(createdAt: $0.createdAt, id: $0.id, filters: fingerprint).text } : nil)
    }

    func attempt(_ context: PageContext, projectId: String, _ change: () throws -> String) throws -> HTTPResponse {
        try PageRefusal.attempt("Entry") {
            CommunityPages.back("/dashboard/changelog", app: projectId, done: try change())
        } page: { refusal in
            PageResponse.html(
                try view(context, app: projectId).html(viewer: context.viewer(), notice: refusal.notice), status: refusal.status)
        }
    }

    func entry(_ context: PageContext) throws -> ChangelogEntry {
        guard
            let entry = try store.changelogEntry(
                id: context.request.pathParameters["id"] ?? "", organizationId: context.session.organizationId)
        else { throw PageError.notFound }
        return entry
    }

    /// `POST /dashboard/changelog` (`app`, `title`, `body`): a draft.
    func create(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let project = try community.project(context, form["app"])
        return try attempt(context, projectId: project.id) {
            let texts = try AdminChangelogHandler.texts(.init(title: form.raw("title"), body: form.raw("body")), required: true)
            _ = try store.createChangelogEntry(projectId: project.id, title: texts.title!, body: texts.body!)
            return "created"
        }
    }

    /// `POST /dashboard/changelog/{id}` (`title`, `body`).
    func update(_ context: PageContext) throws -> HTTPResponse {
        let entry = try entry(context)
        let form = FormFields(context.request)
        return try attempt(context, projectId: entry.projectId) {
            let texts = try AdminChangelogHandler.texts(.init(title: form.raw("title"), body: form.raw("body")), required: false)
            _ = try store.updateChangelogEntry(id: entry.id, title: texts.title, body: texts.body)
            return "saved"
        }
    }

    /// `POST /dashboard/changelog/{id}/publish` and `/unpublish`.
    func publish(_ published: Bool) -> (PageContext) throws -> HTTPResponse {
        { context in
            let entry = try entry(context)
            _ = try store.setChangelogPublished(id: entry.id, published)
            return CommunityPages.back("/dashboard/changelog", app: entry.projectId, done: published ? "published" : "unpublished")
        }
    }
}
