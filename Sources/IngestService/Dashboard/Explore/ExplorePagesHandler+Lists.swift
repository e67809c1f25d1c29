import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// The watchlist (owners and admins change it, as `manageApps`), favorites (every member) and
/// AppTracker. Each page asks marketd once, AppTracker twice (the timeline, then the watched
/// apps for its filter).
extension ExplorePagesHandler {
    /// `GET /dashboard/explore/watchlist`.
    func watchlist(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let organization = try access.organization(id: context.session.organizationId)
        let canManage = context.session.role.allows(.manageApps)
        market.forward(MarketWatchlistList.self, organization, respond: respond) { list in
            let page = ExploreWatchlistPage(
                items: list.items.map { .init(adamId: $0.adamId, name: $0.name, note: $0.note, addedAt: $0.addedAt) },
                allowance: list.allowance, canManage: canManage)
            return PageResponse.html(page.html(viewer: context.viewer(), notice: Self.listNotice(context.request.query["done"])))
        }
    }

    /// `POST /dashboard/explore/watchlist` (`adamId`): watched, back to the profile.
    func watch(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let adamId = try Self.adamId(FormFields(context.request)["adamId"])
        let call = MarketWatchlistAdd.Request(
            organization: try access.organization(id: context.session.organizationId), adamId: adamId, note: nil)
        market.forward(MarketWatchlistAdd.self, call, respond: respond) { _ in
            PageResponse.redirect(ExploreNav.profile(adamId) + "?done=watched")
        }
    }

    /// `POST /dashboard/explore/watchlist/{adamId}/remove`.
    func unwatch(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let call = MarketWatchlistRemove.Request(
            organizationId: context.session.organizationId, adamId: try MarketAccess.adamId(context.request))
        market.forward(MarketWatchlistRemove.self, call, respond: respond) { _ in
            PageResponse.redirect(ExploreWatchlistPage.path + "?done=unwatched")
        }
    }

    static func adamId(_ raw: String?) throws -> String {
        guard let raw, !raw.isEmpty, raw.utf8.count <= 20, raw.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw APIError.invalidPayload(["adamId": ["must be the store's numeric app ID"]])
        }
        return raw
    }

    static func listNotice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "unwatched": return .ok("Removed from the watchlist.")
        case "removed": return .ok("Bookmark removed; the app itself is unchanged.")
        case "moved": return .ok("Favorite moved.")
        case "folder": return .ok("Folder saved.")
        case "folder-deleted": return .ok("Folder deleted; its apps stay in All.")
        default: return nil
        }
    }

    /// `GET /dashboard/explore/tracker?days=&adamId=&type=`: a refused filter draws the form, 400;
    /// a plan without tracker access sees the gate, 403.
    func tracker(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let query = context.request.query
        let organization = try access.organization(id: context.session.organizationId)
        var page = ExploreTrackerPage(
            days: Int(query["days"] ?? "") ?? 30, adamId: query["adamId"].flatMap { $0.isEmpty ? nil : $0 },
            type: query["type"].flatMap { $0.isEmpty ? nil : $0 })
        let call: MarketTrackerTimeline.Request
        do {
            call = try MarketTrackerHandler.timelineRequest(context.request, organization: organization)
        } catch let error as APIError where error.status == 400 {
            page.problems = FormProblems(error.fields ?? [:])
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: Self.refused(error)), status: 400)))
        }
        guard organization.plan.hasTrackerAccess else {
            page.planRequired = true
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer()), status: 403)))
        }
        let client = market.client
        client.call(MarketTrackerTimeline.self, call) { result in
            let timeline: MarketTrackerTimeline.Response
            switch result {
            case .success(let answer): timeline = answer
            case .failure(let error): return respond(.failure(APIError.fromBackend(error)))
            }
            page.days = call.days
            page.fromDate = timeline.fromDate
            page.toDate = timeline.toDate
            page.events = timeline.events.map(Self.event)
            page.boundNotice = timeline.bounded ? (timeline.notice ?? "Older activity may be omitted.") : timeline.notice
            // The app filter lists the watched apps; without them the timeline still shows.
            client.call(MarketWatchlistList.self, organization) { watched in
                if case .success(let list) = watched { page.apps = list.items.map { ($0.adamId, $0.name) } }
                respond(.success(PageResponse.html(page.html(viewer: context.viewer()))))
            }
        }
    }

    static func event(_ e: MarketTrackerEvent) -> ExploreTrackerPage.Event {
        let name = e.name ?? "App " + e.adamId
        let place = [e.storefront?.uppercased(), e.chart, e.genre.map { "genre " + $0 }].compactMap { $0 }.joined(separator: " · ")
        let title: String
        var detail = place
        switch e.type {
        case .top10, .top50, .top100:
            title = "Entered the top \(e.type.rawValue.dropFirst("ranking.top".count)) at #\(e.rank ?? 0)"
        case .rise, .fall:
            title = (e.type == .rise ? "Rose" : "Fell") + " from #\(e.previousRank ?? 0) to #\(e.rank ?? 0)"
        case .ad: title = "Ad first seen" + (e.platform.map { " on " + $0 } ?? "")
        case .organic: title = "Social post published" + (e.platform.map { " on " + $0 } ?? "")
        case .onboarding: title = "Onboarding flow captured"
        case .paywall: title = "Paywall flow captured"
        case .downloads:
            title = "Est. downloads up \(Int((e.changePercent ?? 0).rounded()))%"
            detail = [
                e.source, e.storefront?.uppercased(),
                "\(e.previousPeriodStart ?? "?")–\(e.previousPeriodEnd ?? "?") → \(e.periodStart ?? "?")–\(e.periodEnd ?? "?")",
            ].compactMap { $0 }.joined(separator: " · ")
        }
        return ExploreTrackerPage.Event(date: e.date, adamId: e.adamId, appName: name, title: title, detail: detail)
    }
}
