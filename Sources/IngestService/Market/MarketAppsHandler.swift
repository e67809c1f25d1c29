import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// The market catalog: app search with filters, an app's profile, and its export as JSON or
/// CSV (what the profile shows for the plan, each estimate with its label, source, period
/// and observation date; hidden values stay empty).
struct MarketAppsHandler {
    let market: BackendForwarding
    let access: MarketAccess

    func search(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = try Self.searchRequest(request, plan: try access.plan(caller))
        market.forward(MarketAppSearch.self, call, respond: respond) { .json($0) }
    }

    /// The search of the request's query, checked as the operator API and the Explore page
    /// both check it: every problem at once, as 400 `INVALID_QUERY`.
    static func searchRequest(_ request: HTTPRequest, plan: OrganizationPlan) throws -> MarketAppSearch.Request {
        var query = MarketQuery(request)
        var call = MarketAppSearch.Request(plan: plan)
        call.query = query.searchText()
        call.genreId = query.genreFilter()
        if query.text("storefront") != nil || query.text("chart") != nil {
            let chart = query.chart()
            call.storefront = chart.storefront
            call.chart = chart.chart
        }
        call.minRating = query.number("minRating")
        call.releasedAfter = day(&query, "releasedAfter")
        call.releasedBefore = day(&query, "releasedBefore")
        call.minDownloads = query.number("minDownloads")
        call.minRevenue = query.number("minRevenue")
        if let hasAds = query.text("hasAds") {
            if hasAds != "true" && hasAds != "false" { query.errors.add("hasAds", "must be true or false") }
            call.hasAds = hasAds == "true"
        }
        call.flowType = query.text("flowType")
        if let type = call.flowType, !MarketAppSearch.flowTypes.contains(type) {
            query.errors.add("flowType", "must be one of \(MarketAppSearch.flowTypes.joined(separator: ", "))")
        }
        call.sort = query.choice("sort", MarketAppSearch.Sort.self, default: .recent) ?? .recent
        call.limit = query.integer("limit", default: 25, range: 1...50)
        call.offset = query.integer("offset", default: 0, range: 0...100_000)
        try query.throwIfAny()
        return call
    }

    private static func day(_ query: inout MarketQuery, _ name: String) -> String? {
        guard let text = query.text(name) else { return nil }
        guard text.utf8.count == 10, ISOTime.parse(text + "T00:00:00Z") != nil else {
            query.errors.add(name, "must be a YYYY-MM-DD date")
            return nil
        }
        return text
    }

    private func profileCall(_ request: HTTPRequest, _ caller: AdminCaller) throws -> MarketAppGet.Request {
        try Self.profileRequest(request, organization: try access.organization(caller))
    }

    /// The profile of the `{handle}` path parameter (slug or store ID) with its `storefront`.
    static func profileRequest(_ request: HTTPRequest, organization: MarketOrganization) throws -> MarketAppGet.Request {
        let handle = request.pathParameters["handle"] ?? ""
        guard !handle.isEmpty, handle.utf8.count <= 120 else { throw APIError.notFound("NOT_FOUND", "No app has this slug or ID.") }
        var query = MarketQuery(request)
        let storefront = query.text("storefront") ?? "us"
        if MarketChartQuery(storefront: storefront, chart: MarketChartQuery.charts[0]).problems()["storefront"] != nil {
            query.errors.add("storefront", "must be a two-letter lowercase country code")
        }
        try query.throwIfAny()
        return MarketAppGet.Request(organization: organization, handle: handle, storefront: storefront)
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketAppGet.self, try profileCall(request, caller), respond: withRetryAfter(respond)) { .json($0) }
    }

    /// A spent daily allowance answers 429 with `Retry-After` until it renews.
    func withRetryAfter(_ respond: @escaping (Result<HTTPResponse, Error>) -> Void) -> (Result<HTTPResponse, Error>) -> Void {
        let clock = access.store.clock
        return { result in
            guard case .failure(var error as APIError) = result, error.code == MarketAppGet.dailyLimitCode,
                let resets = error.fields?["resets_at"]?.first.flatMap(ISOTime.parse)
            else { return respond(result) }
            let seconds = resets.timeIntervalSince(clock.now()).rounded(.up)
            error.headers.append(("Retry-After", String(max(1, Int(seconds)))))
            respond(.failure(error))
        }
    }

    func export(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try export(request, call: try profileCall(request, caller), respond)
    }

    /// The export of `call` in the request's `format`, for the operator API and the profile page.
    func export(_ request: HTTPRequest, call: MarketAppGet.Request, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let format = CommunityHTTP.nonEmptyQuery(request, "format") ?? "json"
        guard format == "json" || format == "csv" else { throw APIError.invalidQuery(["format": ["must be json or csv"]]) }
        market.forward(MarketAppGet.self, call, respond: withRetryAfter(respond)) { profile in
            let file = "\(profile.app.slug).\(format)"
            var response =
                format == "csv"
                ? .text(MarketProfileCSV.render(profile), contentType: "text/csv; charset=utf-8")
                : HTTPResponse.json(profile)
            response.headers.append(("Content-Disposition", "attachment; filename=\"\(file)\""))
            return response
        }
    }
}
