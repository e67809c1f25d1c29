import Dashboard
import Foundation
import HubHTTPServer

/// The ideas pages' view models from the store: `adminIdeas` (with the search the public list
/// uses), `moderationQueue` and `moderationCount`, one `adminIdea` with its board's statuses,
/// every comment, the ideas it can merge into and the reports it came from.
extension IdeaPagesHandler {
    /// Ideas offered as merge targets: the newest this many.
    static let mergeTargets = 100

    static func status(_ status: AdminIdea.Status?) -> IdeaStatus? {
        status.map { IdeaStatus(slug: $0.slug, label: $0.label, color: $0.color) }
    }

    static func moderation(_ text: String?) -> IdeaModeration? { text.flatMap(IdeaModeration.init(rawValue:)) }

    func listView(_ context: PageContext) throws -> IdeasListPage {
        let (apps, app) = try community.apps(context)
        guard let app else { return IdeasListPage(apps: apps, app: nil) }
        let query = context.request.query
        let value = { (name: String) in query[name].flatMap { $0.isEmpty ? nil : $0 } }
        let board = value("board").flatMap { AdminValidation.isSlug($0) ? $0 : nil }
        let status = value("status").flatMap { AdminValidation.isSlug($0) ? $0 : nil }
        let text = value("q").map { String($0.prefix(InputLimits.searchQuery.upperBound)) }
        let boards = try store.boards(projectId: app.id)
        let names = Dictionary(boards.map { ($0.slug, $0.name) }, uniquingKeysWith: { a, _ in a })
        var filter = AdminIdeaFilter(boardSlug: board, statusSlug: status)
        var items: [AdminIdea] = []
        var next: String?
        if let text, filter.match == nil { filter.match = SearchExpression.fts5(text) }
        if text == nil || filter.match != nil {
            let fingerprint = ["dashboard-ideas", app.id, board ?? "", status ?? "", text ?? ""]
            let cursor = try value("cursor").map { try AdminCursor.parse($0, filters: fingerprint) }
            let page = try store.adminIdeas(
                projectId: app.id, filter: filter, after: cursor.map { ($0.createdAt, $0.id) }, limit: IdeaPagesHandler.pageSize)
            items = page.items
            if page.hasMore, let last = page.items.last {
                next = AdminCursor(createdAt: last.createdAt, id: last.id, filters: fingerprint).text
            }
        }
        return IdeasListPage(
            apps: apps, app: app,
            boards: boards.map {
                IdeasListPage.BoardFilter(
                    slug: $0.slug, name: $0.name, statuses: $0.statuses.map { IdeaStatus(slug: $0.slug, label: $0.label, color: $0.color) })
            }, board: board, status: status, query: text,
            ideas: items.map {
                IdeasListPage.Row(
                    id: $0.id, title: $0.title, boardName: names[$0.boardSlug] ?? $0.boardSlug, status: IdeaPagesHandler.status($0.status),
                    votes: $0.voteCount, comments: $0.commentCount, pinned: $0.pinned,
                    moderation: IdeaPagesHandler.moderation($0.moderation),
                    lastActivityAt: $0.lastActivityAt)
            }, pending: try store.moderationCount(projectId: app.id), nextCursor: next)
    }

    func moderationView(_ context: PageContext) throws -> ModerationPage {
        let (apps, app) = try community.apps(context)
        guard let app else { return ModerationPage(apps: apps, app: nil) }
        let queue = try store.moderationQueue(projectId: app.id)
        let names = Dictionary(try store.boards(projectId: app.id).map { ($0.slug, $0.name) }, uniquingKeysWith: { a, _ in a })
        var titles: [String: String] = [:]
        for ideaId in Set(queue.comments.map(\.ideaId)) {
            titles[ideaId] = try store.adminIdea(id: ideaId, organizationId: context.session.organizationId)?.title
        }
        return ModerationPage(
            apps: apps, app: app,
            ideas: queue.ideas.map {
                ModerationPage.PendingIdea(
                    id: $0.id, title: $0.title, description: $0.description, boardName: names[$0.boardSlug] ?? $0.boardSlug,
                    authorName: $0.authorName, authorEmail: $0.authorEmail, createdAt: $0.createdAt)
            },
            comments: queue.comments.map {
                ModerationPage.PendingComment(
                    id: $0.id, body: $0.body, authorName: $0.authorName, authorEmail: $0.authorEmail, ideaId: $0.ideaId,
                    ideaTitle: titles[$0.ideaId] ?? "an idea", createdAt: $0.createdAt)
            })
    }

    func ideaView(_ id: String, _ context: PageContext) throws -> IdeaPage {
        let organizationId = context.session.organizationId
        guard let idea = try store.adminIdea(id: id, organizationId: organizationId),
            let project = try store.project(id: idea.projectId, organizationId: organizationId)
        else { throw PageError.notFound }
        let boards = try store.boards(projectId: project.id)
        let board = boards.first { $0.slug == idea.boardSlug }
        let names = Dictionary(boards.map { ($0.slug, $0.name) }, uniquingKeysWith: { a, _ in a })
        let choice = { (other: AdminIdea) in
            IdeaChoice(id: other.id, title: other.title, boardName: names[other.boardSlug] ?? other.boardSlug, votes: other.voteCount)
        }
        let mergedInto = try idea.mergedInto.flatMap {
            try store.adminIdea(id: try store.resolveMerged(ideaId: $0), organizationId: organizationId)
        }
        let targets =
            idea.mergedInto == nil
            ? try store.adminIdeas(projectId: project.id, filter: AdminIdeaFilter(), after: nil, limit: IdeaPagesHandler.mergeTargets)
                .items.filter { $0.id != idea.id }.map(choice) : []
        return IdeaPage(
            app: CommunityApp(id: project.id, name: project.name, appId: project.appId), id: idea.id, slug: idea.slug, title: idea.title,
            description: idea.description, boardName: board?.name ?? idea.boardSlug, status: IdeaPagesHandler.status(idea.status),
            statuses: (board?.statuses ?? []).map { IdeaStatus(slug: $0.slug, label: $0.label, color: $0.color) }, votes: idea.voteCount,
            commentCount: idea.commentCount, pinned: idea.pinned, moderation: IdeaPagesHandler.moderation(idea.moderation),
            authorName: idea.authorName, authorEmail: idea.authorEmail, createdAt: idea.createdAt, lastActivityAt: idea.lastActivityAt,
            mergedInto: mergedInto.map(choice),
            comments: try store.adminComments(ideaId: idea.id).map {
                IdeaPage.Comment(
                    id: $0.id, authorName: $0.authorName, authorEmail: $0.authorEmail, body: $0.body, official: $0.official,
                    moderation: IdeaPagesHandler.moderation($0.moderation), createdAt: $0.createdAt)
            }, mergeTargets: targets,
            reports: try store.reportsOfIdea(ideaId: idea.id).map {
                IdeaPage.SourceReport(id: $0.id, excerpt: IdeaPagesHandler.excerpt($0.message), createdAt: $0.createdAt)
            }, pending: try store.moderationCount(projectId: project.id))
    }

    /// A report's first line, short enough for a list.
    static func excerpt(_ message: String) -> String {
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 100 ? String(line.prefix(99)) + "…" : (line.isEmpty ? "A report" : line)
    }
}
