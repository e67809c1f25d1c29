import Shared

/// `asod`: owns `asod.sqlite` — tracked keywords, the search-observation cache, quotas, rank history, the metadata publish log and price jobs.
public enum ASODaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.asod),
        ASCConnectionSchema.connections,
        ASCReviewSchema.reviews,
        ASCMetadataSchema.publishLog,
        ASCPriceSchema.previews,
        PriceJobSchema.jobs,
    ]

    public static var spec: DaemonSpec {
        DaemonSpec(name: .asod, migrations: migrations) { context in
            let connections = ASCConnections(db: context.store, clock: context.clock, keyring: try Keyring.fromEnvironment(),
                                             baseURL: context.config.ascURL, caFile: context.config.tlsCAFile,
                                             timeout: context.config.ascTimeout)
            let work = ASCWorkQueue(rpc: context.rpc)
            ASCConnectionHandlers.install(on: context.rpc, work: work, connections: connections)
            ASCReviewHandlers.install(on: context.rpc, work: work,
                                      reviews: ASCReviews(db: context.store, clock: context.clock, connections: connections))
            ASCMetadataHandlers.install(on: context.rpc, work: work,
                                        metadata: ASCMetadata(db: context.store, clock: context.clock, connections: connections))
            let prices = ASCPrices(db: context.store, clock: context.clock, connections: connections, index: try BigMacIndex.bundled())
            ASCPriceHandlers.install(on: context.rpc, work: work, prices: prices)
            PriceJobHandlers.install(on: context, work: work, jobs: PriceJobs(db: context.store, clock: context.clock, connections: connections),
                                     prices: prices, daemonJobs: context.jobs)
        }
    }
}
