import Shared

/// ingest's HTTP side: the router with one handler per resource, the clients of the four
/// backends, and the server.
public final class IngestApp: @unchecked Sendable {
    public let context: DaemonContext
    public let store: IngestStore
    public let publicGuard: PublicRequestGuard
    public let metrics: HubMetrics
    public let backends: BackendClients
    public let server: HTTPServer
    public let cleanup: CleanupJob
    public let reviews: ReviewsJob
    /// Decodes chat photo uploads off the HTTP threads.
    public let imageDecoder = ChatImageUploads.makeDecoder()
    private let schedule: PeriodicTask
    private let reviewsSchedule: PeriodicTask

    public init(context: DaemonContext) throws {
        self.context = context
        store = IngestStore(db: context.store, clock: context.clock, keyring: try HubKeyring.resolve(context.config, logger: context.logger))
        let resealed = try store.resealPlainSecrets()
        if resealed > 0 { context.logger.info("plain secrets sealed", ["count": resealed]) }
        if let token = context.config.adminToken, try !store.ensureBootstrapToken(token) {
            context.logger.warn("APPNORTH_ADMIN_TOKEN was revoked and stays revoked; set a different value for a new bootstrap token")
        }
        publicGuard = PublicRequestGuard(store: store, clock: context.clock,
                                         communityRequestsPerMinute: context.config.communityRequestsPerMinute)
        metrics = HubMetrics(clock: context.clock, startedAt: context.startedAt)
        backends = try BackendClients(config: context.config, clock: context.clock, logger: context.logger, metrics: metrics)
        let objects = LocalDirectoryObjectStore(root: context.config.objectStoreDirectory)
        cleanup = CleanupJob(store: store, objects: objects, clock: context.clock)
        let cleanup = self.cleanup
        schedule = PeriodicTask(name: cleanup.name, interval: context.config.cleanupInterval, logger: context.logger) { try cleanup.run() }
        reviews = ReviewsJob(store: store, asod: backends[.asod], logger: context.logger)
        let reviews = self.reviews
        reviewsSchedule = PeriodicTask(name: reviews.name, interval: context.config.reviewsInterval, logger: context.logger) { try reviews.run() }
        let router = Router()
        let market = MarketRoutes(store: store, marketd: backends[.marketd])
        AdminRoutes(store: store, jobs: [cleanup, reviews, RemoteJob(name: "push", client: backends[.pushd]),
                                         RemoteJob(name: "prices", client: backends[.asod]),
                                         RemoteJob(name: "aso-ranks", client: backends[.asod]), market.chartsJob]).register(on: router)
        ASORoutes(store: store, asod: backends[.asod]).register(on: router)
        HealthHandler(context: context, backends: backends).register(on: router)
        MetricsHandler(metrics: metrics, pushd: backends[.pushd]).register(on: router)
        VersionHandler().register(on: router)
        PublicRoutes(store: store, requestGuard: publicGuard).register(on: router)
        FeedbackHandler(store: store, requestGuard: publicGuard, objects: objects,
                        clock: context.clock, creationsPerMinute: context.config.feedbackRequestsPerMinute).register(on: router)
        try ChatRoutes(store: store, requestGuard: publicGuard, chatd: backends[.chatd], clock: context.clock,
                       messagesPerMinute: context.config.chatMessagesPerMinute, readsPerMinute: context.config.chatReadsPerMinute,
                       objects: objects, publicURL: context.config.publicURL, imageDecoder: imageDecoder).register(on: router)
        let asod = BackendForwarding(client: backends[.asod]), admin = AdminRouter(router: router, auth: AdminAuth(store: store))
        AdminAppStoreConnectHandler(store: store, asod: asod).register(on: admin)
        AdminReviewsHandler(store: store, lookup: AdminLookup(store: store), asod: asod).register(on: admin)
        AdminMetadataHandler(lookup: AdminLookup(store: store), asod: asod).register(on: admin)
        AdminPricesHandler(lookup: AdminLookup(store: store), asod: asod).register(on: admin)
        AdminPriceJobsHandler(lookup: AdminLookup(store: store), asod: asod).register(on: admin)
        PushRoutes(store: store, requestGuard: publicGuard, pushd: backends[.pushd], clock: context.clock).register(on: router)
        market.register(on: router)
        var options = HTTPServerOptions()
        options.host = context.config.httpHost
        options.port = context.config.httpPort
        options.threads = context.config.httpThreads
        options.perClientConnections = context.config.httpPerClientConnections
        options.headerTimeout = context.config.httpHeaderTimeout
        options.bodyTimeout = context.config.httpBodyTimeout
        options.bodyBudgetBytes = context.config.httpBodyBudgetBytes
        options.trustedProxies = context.config.trustedProxies
        server = HTTPServer(router: router, options: options, logger: context.logger, observer: metrics)
    }

    public func start() throws {
        try server.start()
        schedule.start()
        reviewsSchedule.start()
        context.logger.info("http listening", ["host": context.config.httpHost, "port": Int(server.port)])
    }

    /// Stops intake and drains in-flight requests, the image decoder, the schedule and the
    /// writer, then closes the backend sockets.
    public func stop() {
        server.stop()
        imageDecoder.stop()
        schedule.stop()
        reviewsSchedule.stop()
        store.writes.stop()
        backends.close()
    }
}
