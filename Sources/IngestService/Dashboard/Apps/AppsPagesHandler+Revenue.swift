import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// The app page's RevenueCat panel: its figures and chart from asod's overview, and the posts
/// that connect, change the key and disconnect (`manageIntegrations`, named at the routes). The
/// posts go through `RevenueCatSettings` and asod's RPCs as the operator API's do, answered
/// when asod answers, so no ingest thread waits on RevenueCat.
extension AppsPagesHandler {
    /// `POST /dashboard/apps/{id}/revenuecat` (`secretKey`, `projectId` after a choice).
    func connectRevenueCat(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let form = FormFields(context.request)
        let refused = { (error: APIError, choices: [RevenuePanel.Choice]) in
            draw(context, project, status: error.status, respond) {
                var page = $0
                page.revenue?.choices = choices
                page.revenue?.problems = FormProblems(error.fields ?? [:])
                return page.html(
                    viewer: context.viewer(), notice: .problem(IntegrationPages.notice("RevenueCat was not connected.", error)))
            }
        }
        let call: RevenueCatConnect.Request
        do {
            call = try RevenueCatSettings.connectRequest(
                project: project, actor: context.session.actor, secretKey: form.raw("secretKey"), revenueCatProjectId: form["projectId"])
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error, [])
        }
        guard let asod else { return respond(.failure(APIError.unavailable(retryAfter: 1))) }
        asod.client.call(RevenueCatConnect.self, call, timeout: RevenueCatSettings.connectTimeout) { result in
            switch result {
            case .success(let outcome) where outcome.connection != nil:
                respond(.success(PageResponse.redirect("/dashboard/apps/" + project.id + "?done=revenuecat#revenuecat")))
            case .success(let outcome):
                let choices = (outcome.projectRequired ?? []).map { RevenuePanel.Choice(id: $0.id, name: $0.name) }
                refused(
                    APIError(
                        status: 409, code: RevenueErrorCode.projectRequired,
                        message: choices.isEmpty
                            ? "the key sees no RevenueCat project; give it access to this app's project"
                            : "choose this app's RevenueCat project and paste the key again"), choices)
            case .failure(let error):
                let mapped = APIError.fromBackend(error)
                IntegrationPages.drawnAgain(mapped) ? refused(mapped, []) : respond(.failure(mapped))
            }
        }
    }

    /// `POST /dashboard/apps/{id}/revenuecat/disconnect`: without `confirm=1` the page asks first.
    func disconnectRevenueCat(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        guard FormFields(context.request)["confirm"] == "1" else {
            return draw(context, project, status: 200, respond) {
                var page = $0
                page.revenue?.confirmingDisconnect = true
                return page.html(viewer: context.viewer())
            }
        }
        guard let asod else { return respond(.failure(APIError.unavailable(retryAfter: 1))) }
        asod.forward(RevenueCatDisconnect.self, .init(projectId: project.id), respond: respond) { _ in
            PageResponse.redirect("/dashboard/apps/" + project.id + "?done=revenuecat-removed#revenuecat")
        }
    }

    /// The panel from asod's 90-day overview, every day of the window present (nil without a
    /// snapshot) so the chart's gaps fall where collection stopped.
    func revenuePanel(_ asod: BackendForwarding, project: Project, canManage: Bool, _ done: @escaping (RevenuePanel) -> Void) {
        let days = RevenueOverview.maximumDays
        asod.client.call(RevenueOverview.self, .init(projectId: project.id, days: days)) { result in
            guard case .success(let overview) = result else { return done(RevenuePanel(state: .unavailable, canManage: canManage)) }
            let connection = overview.connection
            let state: RevenuePanel.State =
                connection.connected
                ? .connected(
                    .init(
                        projectId: connection.revenueCatProjectId ?? "", projectName: connection.revenueCatProjectName ?? "",
                        lastError: connection.lastError))
                : .notConnected
            let byDay = Dictionary(
                overview.snapshots.map { ($0.date, $0.metrics[RevenueMetric.mrr] ?? nil) }, uniquingKeysWith: { a, _ in a })
            let today = store.clock.now()
            let series = (0..<days).reversed().map { back -> LineChart.Point in
                let day = String(ISOTime.format(today.addingTimeInterval(-86_400 * Double(back))).prefix(10))
                return LineChart.Point(date: day, value: byDay[day] ?? nil)
            }
            done(
                RevenuePanel(
                    state: state, currency: overview.currency, syncedAt: overview.syncedAt, latest: overview.latest?.metrics ?? [:],
                    mrr: series, canManage: canManage))
        }
    }
}
