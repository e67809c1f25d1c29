import HubMessaging

/// `market.trending` and `market.rising`: store reads only, answered on the RPC thread. A
/// caller holding the current `etag` gets no body, so ingest can serve its rendered copy.
enum MarketChartHandlers {
    static func install(on rpc: RPCServer, store: MarketStore) {
        rpc.register(MarketTrending.self) { request, _ in
            try validate(request.chart, limit: request.limit)
            let etag = store.etag
            if request.ifNoneMatch == etag { return .init(etag: etag, body: nil) }
            return .init(etag: etag, body: try store.trending(request))
        }
        rpc.register(MarketRising.self) { request, _ in
            try validate(request.chart, limit: request.limit)
            let etag = store.etag
            if request.ifNoneMatch == etag { return .init(etag: etag, body: nil) }
            return .init(etag: etag, body: try store.rising(request))
        }
    }

    static func validate(_ chart: MarketChartQuery, limit: Int) throws {
        var problems = chart.problems()
        if !(1...200).contains(limit) { problems["limit"] = ["must be 1-200"] }
        if !problems.isEmpty { throw RPCError.marketInvalidQuery(problems) }
    }
}
