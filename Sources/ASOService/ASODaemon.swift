import Foundation
import HubCrypto
import HubDaemon
import HubMessaging
import HubStore

/// `asod`: owns `asod.sqlite` — tracked keywords, the search-observation cache, quotas, rank history, the metadata publish log and price jobs, RevenueCat connections and daily snapshots.
public enum ASODaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.asod),
        ASOSchema.explorer,
        ASOSchema.tracking,
        ASOSchema.observationApps,
        ASCConnectionSchema.connections,
        ASCReviewSchema.reviews,
        ASCMetadataSchema.publishLog,
        ASCPriceSchema.previews,
        PriceJobSchema.jobs,
        ASORatingSchema.observations,
        RevenueSchema.revenueCat,
        ASONotificationSchema.indexes,
        ReviewDraftSchema.usage,
    ]

    public static var spec: DaemonSpec {
        DaemonSpec(name: .asod, migrations: migrations) { context in
            let config = context.config
            let store = ASOStore(db: context.store, clock: context.clock)
            let options = ITunesSearchClient.defaultOptions(caFile: config.tlsCAFile)
            func provider() -> ITunesSearchClient {
                ITunesSearchClient(baseURL: config.itunesURL, limit: config.asoSearchLimit, options: options)
            }
            // Explorer and the collector each own a client, each used by one queue only; listing
            // lookups run on the explorer's queue, so they share its client.
            let explorer = ASOExplorerService(store: store, client: provider(), clock: context.clock, logger: context.logger)
            let candidates = ASOCandidateFinder(store: store, client: explorer.client, logger: context.logger)
            let collector = ASORankCollector(
                store: store, client: provider(), clock: context.clock, logger: context.logger,
                callsPerMinute: config.asoCallsPerMinute)
            ASOHandlers.install(
                on: context.rpc, store: store, explorer: explorer, candidates: candidates,
                ratings: ASORatings(store: store, candidates: candidates, clock: context.clock))
            context.jobs.add(name: "aso-ranks", interval: config.asoInterval > 0 ? config.asoInterval : nil) { try collector.runPass() }
            // A live search in progress finishes before the store closes.
            context.lifecycle.onShutdown("aso explorer") { explorer.queue.sync {} }
            let keyring = try HubKeyring.resolve(
                credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory,
                logger: context.logger)
            let connections = ASCConnections(
                db: context.store, clock: context.clock, keyring: keyring,
                baseURL: context.config.ascURL, caFile: context.config.tlsCAFile,
                timeout: context.config.ascTimeout)
            let work = ASCWorkQueue(rpc: context.rpc)
            ASCConnectionHandlers.install(on: context.rpc, work: work, connections: connections)
            ASOAccountErasureHandlers.install(work: work, store: store)
            let reviews = ASCReviews(db: context.store, clock: context.clock, connections: connections)
            ASCReviewHandlers.install(on: context.rpc, work: work, reviews: reviews)
            // Drafts wait on the AI provider: their own queue, so Apple's calls never queue behind them.
            let drafts = ReviewDrafts(
                store: store, reviews: reviews, client: config.ai.map { ReviewDraftClient(settings: $0, caFile: config.tlsCAFile) },
                logger: context.logger)
            ASCWorkQueue(rpc: context.rpc).register(ASCReviewDraft.self) { try drafts.draft($0) }
            ASCMetadataHandlers.install(
                on: context.rpc, work: work,
                metadata: ASCMetadata(db: context.store, clock: context.clock, connections: connections))
            let prices = ASCPrices(db: context.store, clock: context.clock, connections: connections, index: try BigMacIndex.bundled())
            ASCPriceHandlers.install(on: context.rpc, work: work, prices: prices)
            PriceJobHandlers.install(
                on: context, work: work, jobs: PriceJobs(db: context.store, clock: context.clock, connections: connections),
                prices: prices, daemonJobs: context.jobs)
            let revenue = RevenueCatConnections(
                db: context.store, clock: context.clock, keyring: keyring, baseURL: config.revenueCatURL, caFile: config.tlsCAFile,
                logger: context.logger)
            RevenueHandlers.install(on: context.rpc, work: work, connections: revenue)
            context.jobs.add(name: "revenue", interval: config.revenueInterval > 0 ? config.revenueInterval : nil) { try revenue.runPass() }
            let notifications = ASONotificationsQuery(db: context.store)
            context.rpc.register(ASONotifications.self) { request, _ in try notifications.answer(request) }
        }
    }
}
