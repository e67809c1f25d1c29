import HubHTTPServer
import HubMessaging

/// AppTracker: the timeline of recorded events for the watched apps (`days` 7, 30 or 90;
/// default 30), filterable by app and event type.
struct MarketTrackerHandler {
    let market: BackendForwarding
    let access: MarketAccess

    func timeline(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = try Self.timelineRequest(request, organization: try access.organization(caller))
        market.forward(MarketTrackerTimeline.self, call, respond: respond) { .json($0) }
    }

    /// The timeline of the request's query (`days`, `type`, `adamId`), checked for the API and the page.
    static func timelineRequest(_ request: HTTPRequest, organization: MarketOrganization) throws -> MarketTrackerTimeline.Request {
        var query = MarketQuery(request)
        let days = query.integer("days", default: 30, range: 1...90)
        if !MarketTrackerTimeline.periods.contains(days) { query.errors.add("days", "must be 7, 30 or 90") }
        let filter = query.choice("type", MarketTrackerTimeline.Filter.self, default: nil)
        let adamId = query.text("adamId")
        if let adamId, adamId.utf8.count > 20 || !adamId.utf8.allSatisfy({ (48...57).contains($0) }) {
            query.errors.add("adamId", "must be the store's numeric app ID")
        }
        try query.throwIfAny()
        return MarketTrackerTimeline.Request(organization: organization, days: days, adamId: adamId, filter: filter)
    }
}
