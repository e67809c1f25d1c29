import Shared

/// Trending (the latest complete snapshot of a chart) and rising (moves between the two
/// latest consecutive complete daily snapshots). Rising is an advanced view: full market
/// access only.
struct MarketChartsHandler {
    let market: BackendForwarding
    let access: MarketAccess

    func register(on admin: AdminRouter) {
        admin.addAsync("GET", "/market/trending", trending)
        admin.addAsync("GET", "/market/rising", rising)
    }

    func trending(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        market.forward(MarketTrending.self, .init(chart: chart, limit: limit), respond: respond) { .json($0) }
    }

    func rising(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let kind = query.choice("kind", MarketRising.Kind.self, default: .riser) ?? .riser
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        guard try access.plan(caller).hasFullMarketAccess else { throw APIError.planRequired("Rising") }
        market.forward(MarketRising.self, .init(chart: chart, kind: kind, limit: limit), respond: respond) { .json($0) }
    }
}
