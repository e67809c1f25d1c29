/// The `market-charts` job as ingest runs it on demand: marketd's pass, then every rendered
/// chart answer dropped so the next read shows the new snapshots.
struct MarketChartsJob: HubJob {
    let remote: RemoteJob
    let cache: MarketChartCache

    var name: String { remote.name }

    func run() throws -> Int {
        defer { cache.invalidate() }
        return try remote.run()
    }
}
