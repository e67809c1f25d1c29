import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// `/dashboard/apps/{id}/keywords`, a term's rank history and the candidates. Reading is for
/// every member; writes need `manageApps` (named at the routes). Lists, grid, competitors and
/// history are asod's stored observations and answer at once; candidates read the app's public
/// listing from iTunes, so they run as a `PendingWork` task. Terms and groups are checked by
/// `ASOKeywordsHandler` and `ASOGroupsHandler`, as the operator API checks them.
struct KeywordsPagesHandler {
    let apps: AppsPagesHandler
    let aso: ASOBackend
    let work: PendingWork

    func path(_ project: Project) -> String { "/dashboard/apps/" + project.id + "/keywords" }

    func ref(_ context: PageContext, _ project: Project) throws -> ASOProjectRef {
        try aso.ref(project, organizationId: context.session.organizationId)
    }

    /// `GET /dashboard/apps/{id}/keywords`.
    func list(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.project(context)
        try draw(context, project, status: 200, notice: Self.notice(context.request.query["done"]), respond) { _ in }
    }

    func draw(
        _ context: PageContext, _ project: Project, status: Int, notice: PageShell.Notice?, _ respond: @escaping Route.Completion,
        _ change: @escaping (inout KeywordsPage) -> Void
    ) throws {
        var page = KeywordsPage(
            projectId: project.id, appName: project.name, appStoreId: project.appStoreId, storefronts: ASOStorefront.supported.sorted(),
            canManage: context.session.role.allows(.manageApps))
        let finish = { (page: KeywordsPage) in PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status) }
        guard project.appStoreId != nil else {
            change(&page)
            return respond(.success(finish(page)))
        }
        let ref = try ref(context, project)
        let client = aso.client
        // The grid and the competitors are extras: when asod does not give them the list still shows.
        client.call(ASOKeywordsList.self, ASOProjectCountry(project: ref)) { listed in
            let list: ASOKeywordsList.Response
            switch listed {
            case .success(let answer): list = answer
            case .failure(let error): return respond(.failure(APIError.fromBackend(error)))
            }
            page.keywords = list.items.map(Self.keyword)
            page.used = list.organizationUsed
            page.allowance = list.organizationAllowance
            client.call(ASOGrid.self, ASOGrid.Request(project: ref)) { gridded in
                if case .success(let grid) = gridded {
                    page.countries = grid.countries
                    page.grid = grid.rows.map { row in
                        KeywordsPage.GridRow(concept: row.concept, grouped: row.groupId != nil, cells: row.cells.mapValues(Self.keyword))
                    }
                }
                client.call(ASOCompetitorsAhead.self, ASOProjectCountry(project: ref)) { ahead in
                    if case .success(let answer) = ahead {
                        page.competitors = answer.items.map { competitor in
                            KeywordsPage.Competitor(
                                name: competitor.name ?? competitor.adamId, seller: competitor.sellerName,
                                ahead: competitor.keywords.map { ($0.term, $0.country, $0.theirRank, $0.yourRank) })
                        }
                    }
                    change(&page)
                    respond(.success(finish(page)))
                }
            }
        }
    }

    static func keyword(_ k: ASOTrackedKeyword) -> KeywordsPage.Keyword {
        KeywordsPage.Keyword(
            id: k.id, term: k.term, country: k.country,
            rank: KeywordRank(status: k.status.rawValue, rank: k.rank, rankDate: k.rankDate, change7d: k.change7d))
    }
}
