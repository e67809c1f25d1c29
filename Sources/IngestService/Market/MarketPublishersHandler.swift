import HubHTTPServer
import HubMessaging

/// Publishers (Estudios): studios grouped from the catalog, and one studio with its apps.
struct MarketPublishersHandler {
    let market: BackendForwarding
    let access: MarketAccess

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        var call = MarketPublishers.Request(plan: try access.plan(caller))
        call.query = query.searchText()
        call.genreId = query.genreFilter()
        if query.text("minApps") != nil { call.minApps = query.integer("minApps", default: 1, range: 1...100_000) }
        call.launchedRecently = flag(&query, "launchedRecently")
        call.newOnly = flag(&query, "newOnly")
        call.minRevenue = query.number("minRevenue")
        call.minDownloads = query.number("minDownloads")
        if query.text("minAppsMakingMoney") != nil {
            call.minAppsMakingMoney = query.integer("minAppsMakingMoney", default: 1, range: 0...100_000)
        }
        call.sort = query.choice("sort", MarketPublishers.Sort.self, default: nil)
        call.limit = query.integer("limit", default: 25, range: 1...50)
        call.offset = query.integer("offset", default: 0, range: 0...100_000)
        try query.throwIfAny()
        market.forward(MarketPublishers.self, call, respond: respond) { .json($0) }
    }

    private func flag(_ query: inout MarketQuery, _ name: String) -> Bool {
        guard let text = query.text(name) else { return false }
        if text == "true" { return true }
        if text != "false" { query.errors.add(name, "must be true or false") }
        return false
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let key = request.pathParameters["key"] ?? ""
        guard !key.isEmpty, key.utf8.count <= 200 else { throw APIError.notFound("NOT_FOUND", "No publisher has this key.") }
        market.forward(MarketPublisherGet.self, .init(plan: try access.plan(caller), key: key), respond: respond) { .json($0) }
    }
}
