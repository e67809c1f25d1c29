import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// Publishers (Estudios): the studio list with the operator API's filters, and one studio.
extension ExplorePagesHandler {
    /// `GET /dashboard/explore/publishers`: a refused filter draws the form again, 400.
    func publishers(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let plan = try access.plan(organizationId: context.session.organizationId)
        let query = context.request.query
        let filters = ExploreAppsPage.Filters(
            Dictionary(uniqueKeysWithValues: ExplorePublishersPage.fieldNames.map { ($0, query[$0] ?? "") }))
        var page = ExplorePublishersPage(filters: filters, fullAccess: plan.hasFullMarketAccess)
        let call: MarketPublishers.Request
        do {
            call = try MarketPublishersHandler.listRequest(context.request, plan: plan)
        } catch let error as APIError where error.status == 400 {
            page.problems = FormProblems(error.fields ?? [:])
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: Self.refused(error)), status: 400)))
        }
        market.forward(MarketPublishers.self, call, respond: respond) { answer in
            page.studios = answer.items.map(Self.studio)
            page.limited = answer.limited
            return PageResponse.html(page.html(viewer: context.viewer()))
        }
    }

    /// `GET /dashboard/explore/publishers/studio?key=`.
    func publisher(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let plan = try access.plan(organizationId: context.session.organizationId)
        let key = try MarketPublishersHandler.key(context.request.query["key"])
        market.forward(MarketPublisherGet.self, .init(plan: plan, key: key), respond: respond) { answer in
            let page = ExplorePublisherPage(
                studio: Self.studio(answer.publisher), rating: answer.publisher.rating, growthPercent: answer.publisher.growthPercent,
                launches365: answer.publisher.launchesLast365Days, apps: answer.apps.map(Self.row),
                revenueHistory: answer.revenueHistory.map { LineChart.Point(date: $0.periodStart, value: $0.value) },
                similar: answer.similar.map(Self.studio), limited: answer.limited, fullAccess: plan.hasFullMarketAccess)
            return PageResponse.html(page.html(viewer: context.viewer()))
        }
    }

    static func studio(_ p: MarketPublisher) -> ExplorePublishersPage.Studio {
        var studio = ExplorePublishersPage.Studio(
            key: p.key, name: p.name, appCount: p.appCount, mainGenre: p.mainGenre, launches90: p.launchesLast90Days, isNew: p.isNew)
        studio.revenue = p.revenue
        studio.downloads = p.downloads
        studio.appsMakingMoney = p.appsMakingMoney
        return studio
    }
}
