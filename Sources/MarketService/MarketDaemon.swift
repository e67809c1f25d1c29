import Foundation
import HubDaemon
import HubHTTPClient
import HubStore

/// `marketd`: owns `marketd.sqlite` — the market catalog, chart snapshots, estimates, watchlists and tracker events.
public enum MarketDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.marketd),
        MarketSchema.charts,
        MarketSchema.records,
        MarketSchema.lists,
        MarketSchema.profileReads,
        MarketSchema.snapshotAnswers,
    ]

    /// The job name `POST /api/admin/v1/jobs/market-charts/run` triggers.
    public static let chartsJob = "market-charts"

    public static var spec: DaemonSpec {
        DaemonSpec(name: .marketd, migrations: migrations) { context in
            let store = MarketStore(db: context.store, clock: context.clock)
            let collector = makeCollector(context: context, store: store)
            let jobs = context.jobs
            jobs.add(name: chartsJob, interval: context.config.marketInterval) { try collector.runPass() }
            MarketChartHandlers.install(on: context.rpc, store: store)
            MarketListHandlers.install(on: context.rpc, store: store)
        }
    }

    /// The collector as configured: the store's base URL, pacing and the charts to collect.
    static func makeCollector(context: DaemonContext, store: MarketStore) -> MarketCollector {
        var options = HTTPClientOptions()
        options.extraCAFile = context.config.tlsCAFile
        options.totalTimeout = 60
        options.maxResponseBytes = 16 << 20
        let provider = MarketProviderClient(
            baseURL: context.config.itunesURL, minGap: context.config.marketMinGap,
            http: HTTPClient(options: options), logger: context.logger)
        return MarketCollector(store: store, provider: provider, settings: .init(config: context.config), logger: context.logger)
    }
}
