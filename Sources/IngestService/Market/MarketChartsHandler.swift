import Shared

/// Trending (the latest complete snapshot of a chart) and rising (moves between the two
/// latest consecutive complete daily snapshots). Rising is an advanced view: full market
/// access only.
struct MarketChartsHandler {
    let market: BackendForwarding
    let access: MarketAccess
    let cache: MarketChartCache

    func register(on admin: AdminRouter) {
        admin.addAsync("GET", "/market/trending", trending)
        admin.addAsync("GET", "/market/rising", rising)
    }

    func trending(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        let key = "t|\(chart.storefront)|\(chart.chart)|\(chart.genre ?? "")|\(limit)"
        if let kept = cache.fresh(key) { return respond(.success(kept)) }
        let cache = self.cache, market = self.market
        func ask(_ etag: String?) {
            market.forward(MarketTrending.self, .init(chart: chart, limit: limit, ifNoneMatch: etag), respond: { result in
                if case .failure(let error) = result, (error as? APIError)?.code == Self.staleCode { ask(nil) } else { respond(result) }
            }) { reply in
                guard let answer = cache.answer(key: key, reply: reply) else { throw Self.stale }
                return answer
            }
        }
        ask(cache.etag(for: key))
    }

    func rising(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let kind = query.choice("kind", MarketRising.Kind.self, default: .riser) ?? .riser
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        guard try access.plan(caller).hasFullMarketAccess else { throw APIError.planRequired("Rising") }
        let key = "r|\(chart.storefront)|\(chart.chart)|\(chart.genre ?? "")|\(kind.rawValue)|\(limit)"
        if let kept = cache.fresh(key) { return respond(.success(kept)) }
        let cache = self.cache, market = self.market
        func ask(_ etag: String?) {
            market.forward(MarketRising.self, .init(chart: chart, kind: kind, limit: limit, ifNoneMatch: etag), respond: { result in
                if case .failure(let error) = result, (error as? APIError)?.code == Self.staleCode { ask(nil) } else { respond(result) }
            }) { reply in
                guard let answer = cache.answer(key: key, reply: reply) else { throw Self.stale }
                return answer
            }
        }
        ask(cache.etag(for: key))
    }

    /// Internal signal: the kept copy went away between asking and answering; ask again in full.
    static let staleCode = "MARKET_CACHE_STALE"
    static let stale = APIError(status: 500, code: staleCode, message: "cache entry evicted")
}
