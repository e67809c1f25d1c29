import Dashboard
import Foundation
import HubHTTPServer

/// What the ideas, moderation, boards and changelog pages share: the organization's apps and
/// the one a page shows (`app=`, else the first), where a post goes back to, and the notice
/// a good post comes back with (`?done=`).
struct CommunityPages {
    let store: IngestStore

    /// The apps of the member's organization and the chosen one (nil when there is none):
    /// `chosen` (the app a refused post was for), else the query's `app`, else the first. An
    /// `app` of another organization is 404, as for a missing one.
    func apps(_ context: PageContext, chosen: String? = nil) throws -> (apps: [CommunityApp], app: CommunityApp?) {
        let apps = try store.projects(organizationId: context.session.organizationId).map {
            CommunityApp(id: $0.id, name: $0.name, appId: $0.appId)
        }
        if let chosen, let app = apps.first(where: { $0.id == chosen }) { return (apps, app) }
        guard let asked = context.request.query["app"], !asked.isEmpty else { return (apps, apps.first) }
        guard let app = apps.first(where: { $0.id == asked }) else { throw PageError.notFound }
        return (apps, app)
    }

    /// The app a post names in its `app` field, of the member's organization.
    func project(_ context: PageContext, _ id: String?) throws -> Project {
        guard let id, let project = try store.project(id: id, organizationId: context.session.organizationId) else {
            throw PageError.notFound
        }
        return project
    }

    static func notice(_ context: PageContext, _ texts: [String: String]) -> PageShell.Notice? {
        context.request.query["done"].flatMap { texts[$0] }.map(PageShell.Notice.ok)
    }

    /// `path?app=…&done=flag`.
    static func back(_ path: String, app: String?, done: String) -> HTTPResponse {
        PageResponse.redirect(FeedbackPageParts.href(path, [("app", app), ("done", done)]))
    }

    /// The page a moderation decision was taken on, when it was this hub's moderation queue,
    /// so the queue is worked through without leaving it.
    static func fromQueue(_ context: PageContext) -> Bool {
        guard let referer = context.request.headers.values("referer").first else { return false }
        let path = referer.hasPrefix(context.origin) ? String(referer.dropFirst(context.origin.count)) : referer
        return path.hasPrefix("/dashboard/ideas/moderation")
    }
}
