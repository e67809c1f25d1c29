import CMicroHTTPD
import Foundation
import HubRuntime
import Synchronization

/// The hub's HTTP/1.1 server on libmicrohttpd: a pool of `options.threads` threads (each
/// waiting on its connections with poll or epoll, `options.eventLoop`) running synchronous
/// handlers inline, and suspending connections whose async handler has not answered yet so
/// the thread serves others meanwhile.
public final class HTTPServer: @unchecked Sendable {
    enum State { case idle, running, stopping, stopped }

    let router: Router
    let options: HTTPServerOptions
    let logger: Logger
    let observer: HTTPServerObserver?
    /// Per-client connection cap, head and body deadlines, lingering close.
    let connections: HTTPConnectionGuard
    /// Body bytes held in memory across requests.
    let bodyBudget: BodyBudget

    /// Guards `state`, `daemonAlive`, `suspended` and every context's async fields.
    let lock = NSLock()
    /// Requests begun and not yet completed; atomic because every request touches it.
    let inFlight = Atomic<Int>(0)
    /// Set when `stop()` begins: requests that start after it are answered 503.
    let stopping = Atomic<Bool>(false)
    private var state = State.idle
    private var daemon: OpaquePointer?
    private var boundPort: UInt16 = 0
    var daemonAlive = false
    var suspended: [ObjectIdentifier: HTTPRequestContext] = [:]

    /// The loop the threads run, poll or epoll (`options.eventLoop` resolved by the host).
    public var eventLoop: HTTPEventLoop { options.resolvedEventLoop }

    /// How long `stop()` lets in-flight requests finish.
    public var drainTimeout: TimeInterval = 5

    public init(router: Router, options: HTTPServerOptions, logger: Logger, observer: HTTPServerObserver? = nil) {
        self.router = router
        self.options = options
        self.logger = logger
        self.observer = observer
        var limits = HTTPConnectionGuard.Limits()
        limits.perClient = max(options.perClientConnections, 1)
        limits.headerTimeout = options.headerTimeout
        limits.bodyTimeout = options.bodyTimeout
        connections = HTTPConnectionGuard(limits: limits, trusted: options.trustedProxies, logger: logger)
        bodyBudget = BodyBudget(limit: options.bodyBudgetBytes)
    }

    /// The port actually listened on (meaningful after `start()`).
    public var port: UInt16 { lock.withLock { boundPort } }

    /// Binds and starts serving; throws `HTTPServerError` when the address cannot be used.
    public func start() throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = options.port.bigEndian
        let host = options.host == "localhost" ? "127.0.0.1" : options.host
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw HTTPServerError.invalidHost(options.host) }

        try lock.withLock {
            guard state == .idle else { throw HTTPServerError.alreadyStarted }
            try connections.start()
            // The daemon holds this reference until `stop()` has stopped it.
            let me = Unmanaged.passRetained(self).toOpaque()
            let loop = eventLoop == .poll ? MHD_USE_POLL_INTERNAL_THREAD : MHD_USE_EPOLL_INTERNAL_THREAD
            let flags = loop.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_TURBO.rawValue
            let started = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                    an_mhd_start(
                        flags, sa, UInt32(max(options.threads, 1)), UInt32(max(options.connectionTimeout, 0)),
                        max(options.connectionMemoryLimit, 4096), UInt32(max(options.connectionLimit, 1)),
                        HTTPServer.accessCallback, me, HTTPServer.completedCallback, me,
                        HTTPServer.uriCallback, me, HTTPServer.acceptCallback, me,
                        HTTPServer.connectionCallback, me)
                }
            }
            guard let started else {
                connections.stop()
                Unmanaged<HTTPServer>.fromOpaque(me).release()
                throw HTTPServerError.bindFailed(host: options.host, port: options.port)
            }
            daemon = started
            daemonAlive = true
            boundPort = an_mhd_bound_port(started)
            state = .running
        }
        logger.info(
            "http listening",
            ["host": options.host, "port": Int(port), "threads": options.threads, "eventLoop": eventLoop.rawValue])
    }

    /// Answers requests that start from now on 503 (`Retry-After: 1`, `Connection: close`),
    /// lets in-flight ones finish for up to `drainTimeout` (async ones still waiting then get
    /// 503), and stops the daemon, which closes the listening socket. Safe to call more than once.
    ///
    /// New connections are not refused with `MHD_quiesce_daemon` while draining: with an epoll
    /// thread pool, libmicrohttpd 0.9.75 removes the listening socket from each worker's epoll
    /// set both there and in the worker's own loop, and aborts the process when the quiesce
    /// side comes second (`daemon.c`: "Failed to remove listen FD from epoll set").
    public func stop() {
        let daemon: OpaquePointer? = lock.withLock {
            guard state == .running else { return nil }
            state = .stopping
            return self.daemon
        }
        guard let daemon else { return }
        stopping.store(true, ordering: .releasing)
        waitForDrain(until: Date().addingTimeInterval(drainTimeout))
        lock.withLock {
            for context in suspended.values where context.asyncResult == nil {
                context.asyncResult = .failure(APIError.unavailable(retryAfter: 1))
                context.asyncPhase = .resuming
                MHD_resume_connection(context.connection)
            }
            suspended.removeAll()
        }
        waitForDrain(until: Date().addingTimeInterval(1))
        lock.withLock { daemonAlive = false }
        MHD_stop_daemon(daemon)
        connections.stop()
        lock.withLock {
            self.daemon = nil
            state = .stopped
        }
        Unmanaged.passUnretained(self).release()
        logger.info("http stopped", ["port": Int(port)])
    }

    private func waitForDrain(until deadline: Date) {
        while inFlight.load(ordering: .acquiring) > 0 && Date() < deadline { usleep(2_000) }
    }
}
