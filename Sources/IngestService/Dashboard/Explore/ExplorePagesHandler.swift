import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// The Explore pages (docs "Explore"): the catalog search, an app's profile and its export,
/// Trending and Rising. Every member reads them; queries are checked by the operator API's
/// own functions (`MarketAppsHandler.searchRequest`, `MarketQuery`), each page asks marketd
/// once, and the charts come through the same `MarketChartCache` as the API's.
struct ExplorePagesHandler {
    let market: BackendForwarding
    let access: MarketAccess
    let charts: MarketChartsHandler
    let apps: MarketAppsHandler
    /// A chart answer as the page draws it: the dates and the table.
    typealias Drawn = (date: String?, fromDate: String?, table: HTML)
    let drawnCharts = ExploreChartBodies<Drawn>()

    /// Rows the chart pages show: the top 100 of a snapshot.
    static let chartRows = 100

    /// `GET /dashboard/explore/apps`: a refused filter draws the form again, 400, saying why.
    func apps(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let request = context.request
        let plan = try access.plan(organizationId: context.session.organizationId)
        let filters = ExploreAppsPage.Filters(
            Dictionary(uniqueKeysWithValues: ExploreAppsPage.fieldNames.map { ($0, request.query[$0] ?? "") }))
        let call: MarketAppSearch.Request
        do {
            call = try MarketAppsHandler.searchRequest(request, plan: plan)
        } catch let error as APIError where error.status == 400 {
            let page = ExploreAppsPage(filters: filters, fullAccess: plan.hasFullMarketAccess, problems: FormProblems(error.fields ?? [:]))
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: Self.refused(error)), status: 400)))
        }
        market.forward(MarketAppSearch.self, call, respond: respond) { answer in
            let page = ExploreAppsPage(
                filters: filters, rows: answer.items.map(Self.row), offset: call.offset, nextOffset: answer.nextOffset,
                fullAccess: plan.hasFullMarketAccess)
            return PageResponse.html(page.html(viewer: context.viewer()))
        }
    }

    /// The notice of a refused query: every field with its problem.
    static func refused(_ error: APIError) -> PageShell.Notice {
        let fields = (error.fields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ", "))" }
        return .problem("Not searched: " + (fields.isEmpty ? error.message : fields.joined(separator: "; ")) + ".")
    }

    /// `GET /dashboard/explore/apps/{handle}`: one marketd call (the profile with its chart history).
    func profile(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let organization = try access.organization(id: context.session.organizationId)
        let call = try MarketAppsHandler.profileRequest(context.request, organization: organization)
        let canWatch = context.session.role.allows(.manageApps) && (organization.plan.watchlistAllowance ?? 1) > 0
        let missing = Self.missingApp(call.handle, context, respond)
        market.forward(MarketAppGet.self, call, respond: apps.withRetryAfter(missing)) { profile in
            var facts = ExploreProfilePage.Facts()
            facts.description = profile.listing.description
            facts.version = profile.listing.version
            facts.sizeBytes = profile.listing.sizeBytes
            facts.contentRating = profile.listing.contentRating
            facts.minimumOS = profile.listing.minimumOS
            facts.bundleId = profile.listing.bundleId
            facts.websiteUrl = profile.listing.websiteUrl
            facts.storeUrl = profile.listing.storeUrl
            let page = ExploreProfilePage(
                app: Self.row(profile.app), facts: facts, estimates: profile.estimates.map(Self.estimate),
                storefront: profile.chartHistory.storefront, history: profile.chartHistory.points.map { ($0.date, $0.rank) },
                activeAdDays: profile.activeAds.map { ($0.platform, $0.daysSinceFirstSeen) }, profilesLeft: profile.daily?.remaining,
                canWatch: canWatch)
            return PageResponse.html(page.html(viewer: context.viewer(), notice: Self.notice(context.request.query["done"])))
        }
    }

    /// A store ID the catalog does not hold answers its own 404 page (why, and Apple's listing)
    /// instead of the generic one; other failures, and slugs, pass through.
    static func missingApp(_ handle: String, _ context: PageContext, _ respond: @escaping Route.Completion) -> Route.Completion {
        { result in
            guard case .failure(let error as APIError) = result, error.status == 404,
                handle.utf8.count <= 20, handle.utf8.allSatisfy({ (48...57).contains($0) })
            else { return respond(result) }
            respond(.success(PageResponse.html(ExploreMissingAppPage(adamId: handle).html(viewer: context.viewer()), status: 404)))
        }
    }

    /// `GET /dashboard/explore/apps/{handle}/export?format=csv|json`: the operator API's export.
    func export(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let organization = try access.organization(id: context.session.organizationId)
        try apps.export(context.request, call: MarketAppsHandler.profileRequest(context.request, organization: organization), respond)
    }

    /// `GET /dashboard/explore/trending`.
    func trending(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        var query = MarketQuery(context.request)
        let chart = query.chart()
        var page = ExploreChartPage(mode: .trending, storefront: chart.storefront, chart: chart.chart, genre: chart.genre)
        if let refusal = refusal(&query, &page, context) { return respond(.success(refusal)) }
        charts.trending(chart, limit: Self.chartRows) { result in
            respond(
                result.flatMap { response in
                    Result {
                        let drawn = try drawnCharts.value(key: "t|" + Self.key(chart), response: response) { data in
                            let body = try JSONDecoder().decode(MarketTrending.Body.self, from: data)
                            var full = page
                            full.date = body.snapshotDate
                            full.rows = body.items.map(Self.row)
                            return (body.snapshotDate, nil, full.tableHTML())
                        }
                        page.date = drawn.date
                        page.drawnTable = drawn.table
                        return PageResponse.html(page.html(viewer: context.viewer()))
                    }
                })
        }
    }

    /// `GET /dashboard/explore/rising`: full market access only, else the page says so.
    func rising(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        var query = MarketQuery(context.request)
        let chart = query.chart()
        let kind = query.choice("kind", MarketRising.Kind.self, default: .riser) ?? .riser
        var page = ExploreChartPage(
            mode: .rising(kind: kind.rawValue), storefront: chart.storefront, chart: chart.chart, genre: chart.genre)
        if let refusal = refusal(&query, &page, context) { return respond(.success(refusal)) }
        guard try access.plan(organizationId: context.session.organizationId).hasFullMarketAccess else {
            page.planRequired = true
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer()), status: 403)))
        }
        charts.rising(chart, kind: kind, limit: Self.chartRows) { result in
            respond(
                result.flatMap { response in
                    Result {
                        let drawn = try drawnCharts.value(key: "r|" + Self.key(chart) + "|" + kind.rawValue, response: response) { data in
                            let body = try JSONDecoder().decode(MarketRising.Body.self, from: data)
                            var full = page
                            full.fromDate = body.fromDate
                            full.date = body.toDate
                            full.rows = body.items.map(Self.row)
                            return (body.toDate, body.fromDate, full.tableHTML())
                        }
                        page.date = drawn.date
                        page.fromDate = drawn.fromDate
                        page.drawnTable = drawn.table
                        return PageResponse.html(page.html(viewer: context.viewer()))
                    }
                })
        }
    }

    static func key(_ chart: MarketChartQuery) -> String { chart.storefront + "|" + chart.chart + "|" + (chart.genre ?? "") }

    /// The chart page drawn again, 400, when its pickers were refused.
    private func refusal(_ query: inout MarketQuery, _ page: inout ExploreChartPage, _ context: PageContext) -> HTTPResponse? {
        guard !query.errors.isEmpty else { return nil }
        page.problems = FormProblems(query.errors.fields)
        let error = APIError.invalidQuery(query.errors.fields)
        return PageResponse.html(page.html(viewer: context.viewer(), notice: Self.refused(error)), status: 400)
    }

    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "watched": return .ok("Added to the watchlist. AppTracker follows the watched apps.")
        case "saved": return .ok("Saved to favorites.")
        default: return nil
        }
    }
}
