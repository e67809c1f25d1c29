import HubHTTPServer
import HubMessaging

/// Trending (the latest complete snapshot of a chart) and rising (moves between the two
/// latest consecutive complete daily snapshots). Rising is an advanced view: full market
/// access only. Answers come from `MarketChartCache` while marketd confirms them.
struct MarketChartsHandler {
    let market: BackendForwarding
    let access: MarketAccess
    let cache: MarketChartCache

    func trending(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        trending(chart, limit: limit, respond)
    }

    /// The trending answer (JSON, as the operator API gives it) for a checked chart, through the
    /// cache; the Explore page reads the same answer.
    func trending(_ chart: MarketChartQuery, limit: Int, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) {
        let key = "t|\(chart.storefront)|\(chart.chart)|\(chart.genre ?? "")|\(limit)"
        let market = self.market
        serve(key, respond) { etag, done in
            market.forward(MarketTrending.self, .init(chart: chart, limit: limit, ifNoneMatch: etag), respond: done) { reply in
                guard let answer = self.cache.answer(key: key, reply: reply) else { throw Self.stale }
                return answer
            }
        }
    }

    func rising(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let chart = query.chart()
        let kind = query.choice("kind", MarketRising.Kind.self, default: .riser) ?? .riser
        let limit = query.integer("limit", default: 200, range: 1...200)
        try query.throwIfAny()
        guard try access.plan(caller).hasFullMarketAccess else { throw APIError.planRequired("Rising") }
        rising(chart, kind: kind, limit: limit, respond)
    }

    /// The rising answer (JSON) for a checked chart, through the cache; the caller has checked the plan.
    func rising(_ chart: MarketChartQuery, kind: MarketRising.Kind, limit: Int, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void)
    {
        let key = "r|\(chart.storefront)|\(chart.chart)|\(chart.genre ?? "")|\(kind.rawValue)|\(limit)"
        let market = self.market
        serve(key, respond) { etag, done in
            market.forward(MarketRising.self, .init(chart: chart, kind: kind, limit: limit, ifNoneMatch: etag), respond: done) { reply in
                guard let answer = self.cache.answer(key: key, reply: reply) else { throw Self.stale }
                return answer
            }
        }
    }

    /// Answers from the cache when it may, asking marketd (`ask(etag, done)`) in the background
    /// or in the foreground as the cache says; a reply that finds its kept copy gone asks again
    /// in full.
    private func serve(
        _ key: String, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void,
        ask: @escaping (String?, @escaping (Result<HTTPResponse, Error>) -> Void) -> Void
    ) {
        let cache = self.cache
        func foreground(_ etag: String?) {
            ask(etag) { result in
                if case .failure(let error) = result, (error as? APIError)?.code == Self.staleCode, etag != nil {
                    foreground(nil)
                } else {
                    respond(result)
                }
            }
        }
        switch cache.lookup(key) {
        case .serve(let response, let confirm):
            respond(.success(response))
            if confirm, let etag = cache.etag(for: key) {
                ask(etag) { result in if case .failure = result { cache.confirmationFailed(key) } }
            }
        case .ask(let etag):
            foreground(etag)
        }
    }

    /// Internal signal: the kept copy went away between asking and answering; ask again in full.
    static let staleCode = "MARKET_CACHE_STALE"
    static let stale = APIError(status: 500, code: staleCode, message: "cache entry evicted")
}
