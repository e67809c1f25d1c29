import HubCrypto
import HubDaemon
import HubHTTPServer
import HubRuntime

/// ingest's HTTP side: the route tables and their handlers (`IngestRoutes`), the clients of
/// the four backends, and the server.
public final class IngestApp: @unchecked Sendable {
    public let context: DaemonContext
    public let store: IngestStore
    public let publicGuard: PublicRequestGuard
    public let metrics: HubMetrics
    public let backends: BackendClients
    public let server: HTTPServer
    let routes: IngestRoutes
    public let cleanup: CleanupJob
    public let reviews: ReviewsJob
    public let erasure: ErasureDriver
    /// Decodes chat photo uploads off the HTTP threads.
    public let imageDecoder = ChatImageUploads.makeDecoder()
    /// Hashes passwords off the HTTP threads.
    public let passwordHasher = Accounts.makeHasher()
    private let schedule: PeriodicTask
    private let reviewsSchedule: PeriodicTask

    public init(context: DaemonContext) throws {
        self.context = context
        let keyring = try HubKeyring.resolve(
            credentialsKey: context.config.credentialsKey, dataDirectory: context.config.dataDirectory,
            logger: context.logger)
        store = IngestStore(db: context.store, clock: context.clock, keyring: keyring)
        let resealed = try store.resealPlainSecrets()
        if resealed > 0 { context.logger.info("plain secrets sealed", ["count": resealed]) }
        if let token = context.config.adminToken, try !store.ensureBootstrapToken(token) {
            context.logger.warn("APPNORTH_ADMIN_TOKEN was revoked and stays revoked; set a different value for a new bootstrap token")
        }
        let limits = RateLimits(config: context.config, clock: context.clock)
        publicGuard = PublicRequestGuard(store: store, clock: context.clock, communityBudget: limits[.community])
        metrics = HubMetrics(clock: context.clock, startedAt: context.startedAt)
        backends = try BackendClients(config: context.config, clock: context.clock, logger: context.logger, metrics: metrics)
        let objects = LocalDirectoryObjectStore(root: context.config.objectStoreDirectory)
        cleanup = CleanupJob(store: store, objects: objects, clock: context.clock, chat: backends[.chatd])
        let cleanup = self.cleanup
        schedule = PeriodicTask(name: cleanup.name, interval: context.config.cleanupInterval, logger: context.logger) { try cleanup.run() }
        reviews = ReviewsJob(store: store, asod: backends[.asod], logger: context.logger)
        let reviews = self.reviews
        reviewsSchedule = PeriodicTask(name: reviews.name, interval: context.config.reviewsInterval, logger: context.logger) {
            try reviews.run()
        }
        let participantErasure = IngestParticipantErasure(store: store, objects: objects)
        let organizationErasure = IngestOrganizationErasure(store: store, objects: objects)
        erasure = ErasureDriver(
            store: store,
            backends: [.chatd: backends[.chatd], .pushd: backends[.pushd], .asod: backends[.asod], .marketd: backends[.marketd]],
            local: [.participant: { try participantErasure.apply($0) }, .organization: { try organizationErasure.apply($0) }],
            clock: context.clock, logger: context.logger)
        let erasure = self.erasure
        context.jobs.add(name: erasure.name, interval: ErasureDriver.scheduleInterval) { try erasure.runDue() }
        let jobs = context.jobs
        let erasureRequests = ErasureRequests(store: store, driver: erasure) { jobs.trigger(ErasureDriver.jobName) }
        routes = try IngestRoutes(
            context: context, store: store, requestGuard: publicGuard, limits: limits, backends: backends,
            hubMetrics: metrics, objects: objects, imageDecoder: imageDecoder, passwordHasher: passwordHasher,
            localJobs: [cleanup, reviews, erasure], erasures: erasureRequests)
        let router = Router()
        routes.install(on: router)
        var options = HTTPServerOptions()
        options.host = context.config.httpHost
        options.port = context.config.httpPort
        options.threads = context.config.httpThreads
        options.eventLoop = context.config.httpEventLoop
        options.perClientConnections = context.config.httpPerClientConnections
        options.headerTimeout = context.config.httpHeaderTimeout
        options.bodyTimeout = context.config.httpBodyTimeout
        options.bodyBudgetBytes = context.config.httpBodyBudgetBytes
        options.trustedProxies = context.config.trustedProxies
        server = HTTPServer(router: router, options: options, logger: context.logger, observer: metrics)
    }

    /// Sign-in, sessions and passwords (docs/accounts.md, "For the dashboard").
    public var accounts: Accounts { routes.accounts }

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
        passwordHasher.stop()
        schedule.stop()
        reviewsSchedule.stop()
        store.writes.stop()
        backends.close()
    }
}
