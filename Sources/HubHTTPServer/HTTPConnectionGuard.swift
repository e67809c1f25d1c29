import Foundation

#if canImport(Glibc)
    import Glibc
    import HubRuntime
#endif

/// What keeps one client from holding the server's connections: a cap on open connections
/// per client address (trusted proxies exempt), and deadlines that trickled bytes cannot
/// extend: the request head must arrive within `headerTimeout` of the connection opening
/// (or of the previous response), and the body within `bodyTimeout` of the head. A sweeper
/// shuts overdue sockets down; libmicrohttpd then sees the end of stream and closes them.
/// Connections answered before their body was read are handed to the `LingeringCloser`
/// when they close, and still count against their client until it has let them go.
final class HTTPConnectionGuard: @unchecked Sendable {
    struct Limits {
        var perClient = 64
        var headerTimeout: TimeInterval = 30
        var bodyTimeout: TimeInterval = 120
        var linger = LingeringCloser.Limits()
    }

    let limits: Limits
    let trusted: TrustedProxies
    private let logger: Logger
    private let lock = NSLock()
    private var perClient: [String: Int] = [:]
    private var open: [ObjectIdentifier: HTTPConnectionState] = [:]
    private var refusedSinceWarning = 0
    private var lastWarning: UInt64 = 0
    private var lingering: LingeringCloser?
    private let sweep = NSCondition()
    private var sweeping = false
    private var sweeperDone: DispatchSemaphore?

    init(limits: Limits, trusted: TrustedProxies, logger: Logger) {
        self.limits = limits
        self.trusted = trusted
        self.logger = logger
    }

    func start() throws {
        let closer = try LingeringCloser(limits: limits.linger) { [weak self] peer in self?.release(peer) }
        closer.start()
        lock.withLock { lingering = closer }
        let done = DispatchSemaphore(value: 0)
        sweep.withLock {
            sweeping = true
            sweeperDone = done
        }
        let thread = Thread.named("http-deadlines") { [self] in
            runSweeper()
            done.signal()
        }
        thread.start()
    }

    /// Ends the sweeper and closes lingering sockets; call after the server has stopped.
    func stop() {
        let done: DispatchSemaphore? = sweep.withLock {
            let done = sweeping ? sweeperDone : nil
            sweeping = false
            sweep.broadcast()
            return done
        }
        done?.wait()
        let closer = lock.withLock { () -> LingeringCloser? in
            defer { lingering = nil }
            return lingering
        }
        closer?.stop()
    }

    // MARK: Connections

    /// Whether a new connection from `peer` may be accepted.
    func admits(_ peer: String) -> Bool {
        if trusted.isTrusted(peer) { return true }
        let now = HTTPRequestContext.monotonicNanos()
        let (admitted, refusedToReport): (Bool, Int) = lock.withLock {
            if perClient[peer, default: 0] < limits.perClient { return (true, 0) }
            refusedSinceWarning += 1
            guard now &- lastWarning > 10_000_000_000 else { return (false, 0) }
            lastWarning = now
            defer { refusedSinceWarning = 0 }
            return (false, refusedSinceWarning)
        }
        if refusedToReport > 0 {
            logger.warn("http connections refused: per-client limit", ["limit": limits.perClient, "refused": refusedToReport])
        }
        return admitted
    }

    /// A connection libmicrohttpd has opened: counted for its client, head deadline armed.
    /// Pool threads accept at once, so two connections can both pass `admits` for the last
    /// place: one past the cap is shut down here, and counts until libmicrohttpd closes it.
    func opened(peer: String, fd: Int32) -> HTTPConnectionState {
        let state = HTTPConnectionState(peer: peer, fd: fd)
        state.deadline.store(deadline(after: limits.headerTimeout), ordering: .releasing)
        lock.withLock {
            perClient[peer, default: 0] += 1
            open[ObjectIdentifier(state)] = state
            // Trust is asked only past the cap (`admits` already let a trusted peer through).
            if let count = perClient[peer], count > limits.perClient, !trusted.isTrusted(peer) {
                state.cut = true
                refusedSinceWarning += 1
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
        }
        return state
    }

    /// A connection libmicrohttpd is about to close (its socket still open): a lingering one
    /// goes to the closer on a duplicate of the socket and keeps its count until released.
    func closed(_ state: HTTPConnectionState) {
        let closer: LingeringCloser? = lock.withLock {
            open[ObjectIdentifier(state)] = nil
            return lingering
        }
        if state.linger.load(ordering: .acquiring), !state.cut, let closer {
            let copy = dup(state.fd)
            if copy >= 0 {
                if closer.adopt(copy, peer: state.peer) { return }
                Glibc.close(copy)
            }
        }
        release(state.peer)
    }

    private func release(_ peer: String) {
        lock.withLock {
            let left = perClient[peer, default: 1] - 1
            perClient[peer] = left > 0 ? left : nil
        }
    }

    // MARK: Phases

    /// Waiting for a request head: after the connection opened or a response completed.
    func awaitingRequest(_ state: HTTPConnectionState) {
        state.deadline.store(deadline(after: limits.headerTimeout), ordering: .releasing)
    }

    /// The head has arrived and a body follows.
    func receivingBody(_ state: HTTPConnectionState) {
        state.deadline.store(deadline(after: limits.bodyTimeout), ordering: .releasing)
    }

    /// The request is whole: handlers and responses are bounded elsewhere.
    func handling(_ state: HTTPConnectionState) {
        state.deadline.store(0, ordering: .releasing)
    }

    private func deadline(after seconds: TimeInterval) -> UInt64 {
        HTTPRequestContext.monotonicNanos() &+ UInt64(max(seconds, 0) * 1e9)
    }

    // MARK: Figures

    /// Connections `peer` holds, lingering ones included.
    func connections(from peer: String) -> Int { lock.withLock { perClient[peer] ?? 0 } }

    // MARK: Sweeper

    private func runSweeper() {
        let tick = max(0.05, min(0.5, min(limits.headerTimeout, limits.bodyTimeout) / 4))
        while true {
            let keepGoing: Bool = sweep.withLock {
                if sweeping { _ = sweep.wait(until: Date().addingTimeInterval(tick)) }
                return sweeping
            }
            guard keepGoing else { return }
            cutOverdue()
        }
    }

    /// Shuts down sockets past their deadline. Under the lock, so `closed` cannot let
    /// libmicrohttpd close (and the kernel reuse) a descriptor while it is being shut.
    private func cutOverdue() {
        let now = HTTPRequestContext.monotonicNanos()
        let cut: Int = lock.withLock {
            var cut = 0
            for state in open.values where !state.cut {
                let due = state.deadline.load(ordering: .acquiring)
                if due != 0 && due < now {
                    state.cut = true
                    _ = shutdown(state.fd, Int32(SHUT_RDWR))
                    cut += 1
                }
            }
            return cut
        }
        if cut > 0 { logger.info("http connections cut: deadline passed", ["connections": cut]) }
    }
}
