import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// `GET /roadmap/<APP_ID>` and `GET /roadmap/<APP_ID>/ideas/<handle>`. Only publishable
/// content is read (`CommunityIdea.visibleSQL`, approved comments); a merged idea's address
/// leads to the idea it was merged into.
extension RoadmapPagesHandler {
    func roadmap(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request) else { return message(.notFound, request, nil, status: 404) }
        return try page("roadmap", request, visit) { try roadmapPage(request, visit).html }
    }

    func roadmapPage(_ request: HTTPRequest, _ visit: Visit) throws -> RoadmapPage {
        let project = visit.project
        let viewer = visit.visitor.participant.key
        let boards = try store.boards(projectId: project.id)
        let board = CommunityHTTP.nonEmptyQuery(request, "board").flatMap { slug in boards.first { $0.slug == slug } }
        let shown = board.map { [$0] } ?? boards
        let statusSlug = CommunityHTTP.nonEmptyQuery(request, "status").flatMap { slug in
            shown.flatMap(\.statuses).contains { $0.slug == slug } ? slug : nil
        }
        let search = String(
            (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(InputLimits.searchQuery.upperBound))
        let sort = CommunityHTTP.nonEmptyQuery(request, "sort").flatMap(RoadmapPage.Sort.init(rawValue:)) ?? .top

        var filter = IdeaListFilter(boardId: board?.id, sort: IdeaSort(rawValue: sort.rawValue) ?? .top)
        if let statusSlug { filter.statusIds = shown.flatMap(\.statuses).filter { $0.slug == statusSlug }.map(\.id) }
        let scope =
            "roadmap-page\n" + project.id + "\n"
            + [board?.slug ?? "", statusSlug ?? "", search, sort.rawValue].map(JSONText.quoted).joined(separator: ",")
        // A cursor of another query or a stale one starts again at the first page.
        let after = CommunityHTTP.nonEmptyQuery(request, "cursor").flatMap { try? cursors.open($0, scope: scope, count: 3) }
        var rows: [CommunityIdea] = []
        var searchable = true
        if !search.isEmpty {
            if let match = SearchExpression.fts5(search) { filter.match = match } else { searchable = false }
        }
        if searchable {
            rows = try store.publicIdeaPage(
                projectId: project.id, filter: filter, after: after?.map(\.sql), limit: RoadmapPagesHandler.pageSize + 1, viewerKey: viewer)
        }
        let items = Array(rows.prefix(RoadmapPagesHandler.pageSize))
        let next = rows.count > items.count ? try cursors.sign(filter.sort.position(of: items[items.count - 1]), scope: scope) : nil

        var columns: [RoadmapColumn] = []
        if search.isEmpty && after == nil {
            columns = try roadmapColumns(shown, projectId: project.id, boardId: board?.id, visit.visitor, boards: boards)
        }
        let controlled = boards.map { item in
            RoadmapBoard(
                slug: item.slug, name: item.name, description: item.description,
                submit: RoadmapPagesHandler.control(item.policies.submission, visit.visitor))
        }
        return RoadmapPage(
            site: visit.site, boards: controlled, board: board?.slug, status: statusSlug, search: search, sort: sort, columns: columns,
            ideas: items.map { RoadmapPagesHandler.item($0, boards: boards, visitor: visit.visitor) }, nextCursor: next,
            paged: after != nil,
            notice: CommunityHTTP.nonEmptyQuery(request, "done").flatMap(RoadmapNotice.init(rawValue:)))
    }

    /// One column per status of the boards shown (statuses of several boards with one slug
    /// share it), in their order with final statuses last, each with its most voted ideas.
    func roadmapColumns(_ shown: [Board], projectId: String, boardId: String?, _ visitor: RoadmapVisitor, boards: [Board]) throws
        -> [RoadmapColumn]
    {
        var order: [String] = []
        var bySlug: [String: (status: BoardStatus, ids: [String])] = [:]
        for status in shown.flatMap(\.statuses).sorted(by: { ($0.isFinal ? 1 : 0, $0.position) < ($1.isFinal ? 1 : 0, $1.position) }) {
            if bySlug[status.slug] == nil {
                order.append(status.slug)
                bySlug[status.slug] = (status, [])
            }
            bySlug[status.slug]!.ids.append(status.id)
        }
        return try order.map { slug in
            let entry = bySlug[slug]!
            let ideas = try store.publicIdeaPage(
                projectId: projectId, filter: IdeaListFilter(boardId: boardId, statusIds: entry.ids, sort: .top), after: nil,
                limit: RoadmapPagesHandler.columnSize, viewerKey: visitor.participant.key)
            return RoadmapColumn(
                slug: slug, label: entry.status.label, color: entry.status.color,
                ideas: ideas.map { RoadmapPagesHandler.item($0, boards: boards, visitor: visitor) })
        }
    }

    func idea(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request) else { return message(.notFound, request, nil, status: 404) }
        let handle = request.pathParameters["handle"] ?? ""
        guard handle.utf8.count <= IdeasHandler.maxHandleLength,
            let idea = try store.publicIdea(projectId: visit.project.id, handle: handle, viewerKey: visit.visitor.participant.key),
            idea.isPubliclyVisible
        else { return message(.notFound, request, visit, status: 404) }
        if handle != idea.id && handle != idea.slug {
            return PageResponse.redirect(visit.site.paths.idea(idea.slug))
        }
        return try page("idea", request, visit) { try ideaPage(request, visit, idea).html }
    }

    func ideaPage(_ request: HTTPRequest, _ visit: Visit, _ idea: CommunityIdea) throws -> RoadmapIdeaPage {
        let boards = try store.boards(projectId: visit.project.id)
        let board = boards.first { $0.id == idea.boardId }
        let scope = "roadmap-comments\n" + idea.id
        var after: (createdAt: String, id: String)?
        if let cursor = CommunityHTTP.nonEmptyQuery(request, "cursor"), let values = try? cursors.open(cursor, scope: scope, count: 2),
            case .text(let createdAt) = values[0], case .text(let id) = values[1]
        {
            after = (createdAt, id)
        }
        let rows = try store.publicCommentPage(ideaId: idea.id, after: after, limit: RoadmapPagesHandler.commentPageSize + 1)
        let items = Array(rows.prefix(RoadmapPagesHandler.commentPageSize))
        let next =
            rows.count > items.count
            ? try cursors.sign([.text(items[items.count - 1].createdAt), .text(items[items.count - 1].id)], scope: scope) : nil
        return RoadmapIdeaPage(
            site: visit.site, idea: RoadmapPagesHandler.item(idea, boards: boards, visitor: visit.visitor), createdAt: idea.createdAt,
            authorName: idea.authorName,
            comments: items.map {
                RoadmapComment(authorName: $0.authorName, body: $0.body, createdAt: $0.createdAt, official: $0.official)
            },
            comment: board.map { RoadmapPagesHandler.control($0.policies.comment, visit.visitor) } ?? .hidden, nextCursor: next,
            notice: CommunityHTTP.nonEmptyQuery(request, "done").flatMap(RoadmapNotice.init(rawValue:)))
    }
}
