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
    private let schedule: PeriodicTask

    public init(context: DaemonContext) throws {
        self.context = context
        store = IngestStore(db: context.store, clock: context.clock, keyring: try Keyring.fromEnvironment())
        if let token = context.config.adminToken { try store.ensureBootstrapToken(token) }
        publicGuard = PublicRequestGuard(store: store, clock: context.clock,
                                         communityRequestsPerMinute: context.config.communityRequestsPerMinute)
        metrics = HubMetrics(clock: context.clock, startedAt: context.startedAt)
        backends = try BackendClients(config: context.config, clock: context.clock, logger: context.logger, metrics: metrics)
        let objects = LocalDirectoryObjectStore(root: context.config.objectStoreDirectory)
        cleanup = CleanupJob(store: store, objects: objects, clock: context.clock)
        let cleanup = self.cleanup
        schedule = PeriodicTask(name: cleanup.name, interval: context.config.cleanupInterval, logger: context.logger) { try cleanup.run() }
        let router = Router()
        let market = MarketRoutes(store: store, marketd: backends[.marketd])
        AdminRoutes(store: store, jobs: [cleanup, market.chartsJob]).register(on: router)
        HealthHandler(context: context, backends: backends).register(on: router)
        MetricsHandler(metrics: metrics).register(on: router)
        VersionHandler().register(on: router)
        PublicRoutes(store: store, requestGuard: publicGuard).register(on: router)
        FeedbackHandler(store: store, requestGuard: publicGuard, objects: objects,
                        clock: context.clock, creationsPerMinute: context.config.feedbackRequestsPerMinute).register(on: router)
        ChatRoutes(store: store, requestGuard: publicGuard, chatd: backends[.chatd], clock: context.clock,
                   messagesPerMinute: context.config.chatMessagesPerMinute, readsPerMinute: context.config.chatReadsPerMinute).register(on: router)
        market.register(on: router)
        var options = HTTPServerOptions()
        options.host = context.config.httpHost
        options.port = context.config.httpPort
        options.threads = context.config.httpThreads
        server = HTTPServer(router: router, options: options, logger: context.logger, observer: metrics)
    }

    public func start() throws {
        try server.start()
        schedule.start()
        context.logger.info("http listening", ["host": context.config.httpHost, "port": Int(server.port)])
    }

    /// Stops intake and drains in-flight requests, the schedule and the writer, then closes
    /// the backend sockets.
    public func stop() {
        server.stop()
        schedule.stop()
        store.writes.stop()
        backends.close()
    }
}
