import Shared

/// The operator market routes (`/api/admin/v1/market/…`, behind `AdminAuth`), forwarded to
/// marketd with the caller's organization and plan; ingest never reads marketd's file.
public struct MarketRoutes {
    let store: IngestStore
    let marketd: RPCClient
    let chartCache = MarketChartCache()

    public init(store: IngestStore, marketd: RPCClient) {
        self.store = store
        self.marketd = marketd
    }

    /// `market-charts` for `POST /jobs/market-charts/run`: marketd's pass, then fresh chart answers.
    public var chartsJob: HubJob {
        MarketChartsJob(remote: RemoteJob(name: "market-charts", client: marketd), cache: chartCache)
    }

    public func register(on router: Router) {
        let admin = AdminRouter(router: router, auth: AdminAuth(store: store))
        let market = BackendForwarding(client: marketd)
        let access = MarketAccess(store: store)
        MarketChartsHandler(market: market, access: access, cache: chartCache).register(on: admin)
        MarketWatchlistHandler(market: market, access: access).register(on: admin)
        MarketTrackerHandler(market: market, access: access).register(on: admin)
        MarketRecordsHandler(market: market, store: store).register(on: admin)
        MarketFavoritesHandler(market: market).register(on: admin)
        MarketAppsHandler(market: market, access: access).register(on: admin)
        MarketPublishersHandler(market: market, access: access).register(on: admin)
    }
}
