import HubHTTPServer
import HubMessaging
import HubRuntime

/// Publishers (Estudios): studios grouped from the catalog, and one studio with its apps.
struct MarketPublishersHandler {
    let market: BackendForwarding
    let access: MarketAccess

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketPublishers.self, try Self.listRequest(request, plan: try access.plan(caller)), respond: respond) { .json($0) }
    }

    /// The studio list of the request's query, checked for the operator API and the page alike.
    static func listRequest(_ request: HTTPRequest, plan: OrganizationPlan) throws -> MarketPublishers.Request {
        var query = MarketQuery(request)
        var call = MarketPublishers.Request(plan: plan)
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
        return call
    }

    private static func flag(_ query: inout MarketQuery, _ name: String) -> Bool {
        guard let text = query.text(name) else { return false }
        if text == "true" { return true }
        if text != "false" { query.errors.add(name, "must be true or false") }
        return false
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketPublisherGet.self, .init(plan: try access.plan(caller), key: try Self.key(request)), respond: respond) {
            .json($0)
        }
    }

    /// The `{key}` path parameter, else 404.
    static func key(_ request: HTTPRequest) throws -> String { try key(request.pathParameters["key"]) }

    /// A studio key as given (the page passes it in the query), else 404.
    static func key(_ raw: String?) throws -> String {
        let key = raw ?? ""
        guard !key.isEmpty, key.utf8.count <= 200 else { throw APIError.notFound("NOT_FOUND", "No publisher has this key.") }
        return key
    }
}
