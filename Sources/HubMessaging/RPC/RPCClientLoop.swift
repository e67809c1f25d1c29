import CZeroMQ
import Foundation
import HubRuntime

/// The I/O side of an `RPCClient`'s asynchronous calls: the only owner of its socket, running
/// on its own thread. Callers hand it calls through a locked queue and a wake-up pipe polled
/// next to the sockets. It also holds what the client's blocking calls on their threads' own
/// sockets share with it (`RPCCallerSocket`): the in-flight count, the observer, whether the
/// client is closing, and the generation that a timeout anywhere advances. Kept apart from
/// `RPCClient` so the thread does not keep the client alive and the client's `deinit` can
/// close it.
final class RPCClientLoop: @unchecked Sendable {
    /// One submitted call. `resolve` decodes the reply (or takes the failure), reports the
    /// error it will complete with (nil on success), then runs the caller's completion.
    struct Call {
        let id: String
        let type: String
        let frame: [UInt8]
        let submittedAt: UInt64
        let expiresAt: UInt64
        let resolve: (_ input: Result<RPCEnvelope.ReadReply, RPCError>, _ report: (RPCError?) -> Void) -> Void
    }

    let peer: String
    let endpoint: String
    private let logger: Logger
    /// The ZeroMQ context of the connection's sockets and of every caller's.
    let context: ZMQContext
    private let curve: CurveClientKeys?
    private let wake: WakePipe

    // Shared with callers, under `lock`.
    private let lock = NSLock()
    private var queue: [Call] = []
    private var closing = false
    private var inFlight = 0
    private var observerValue: ((RPCCallOutcome) -> Void)?
    /// Advanced by every timeout: each socket of the client made before it is replaced.
    private var generationValue = 0
    /// The I/O thread while it runs, set by itself: comparing `pthread_self()` with it costs a
    /// few instructions, where `Thread.current == thread` cost about 800 a blocking call.
    private var ioThread: pthread_t?
    private let finished = DispatchGroup()

    // Touched by the I/O thread only (and by `init` before the thread starts).
    private var connection: RPCClientConnection
    private var unsent: [Call] = []
    private var pending: [String: Call] = [:]
    private var deadlines = DeadlineHeap()
    /// The generation `connection` was made in.
    private var connectionGeneration = 0

    init(peer: String, endpoint: String, logger: Logger, context: ZMQContext, curve: CurveClientKeys?) throws {
        self.peer = peer
        self.endpoint = endpoint
        self.logger = logger
        self.context = context
        self.curve = curve
        wake = try WakePipe()
        connection = try RPCClientConnection(endpoint: endpoint, context: context, curve: curve)
    }

    static func monotonicNanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    var observer: ((RPCCallOutcome) -> Void)? {
        get { lock.withLock { observerValue } }
        set { lock.withLock { observerValue = newValue } }
    }

    var isIOThread: Bool { lock.withLock { ioThreadIsCalling } }

    /// Whether the I/O thread is the calling thread; under `lock`.
    private var ioThreadIsCalling: Bool { ioThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

    var isClosing: Bool { lock.withLock { closing } }

    var generation: Int { lock.withLock { generationValue } }

    /// Counts a call as in flight, or returns why it cannot be taken.
    func admit() -> RPCError? {
        lock.withLock {
            if closing { return .peerUnavailable(peer, "client closed") }
            if inFlight >= RPCDefaults.maxPendingCalls { return .peerUnavailable(peer, "too many calls in flight") }
            inFlight += 1
            return nil
        }
    }

    /// Ends an admitted call: the observer hears how it went (`error` nil on success).
    func complete(type: String, submittedAt: UInt64, error: RPCError?) {
        let observer = lock.withLock { () -> ((RPCCallOutcome) -> Void)? in
            inFlight -= 1
            return observerValue
        }
        guard let observer else { return }
        let status: RPCCallOutcome.Status
        switch error?.code {
        case nil: status = .ok
        case RPCError.Code.timeout: status = .timeout
        case let code?: status = .error(code)
        }
        let duration = Double(Self.monotonicNanos() - submittedAt) / 1e9
        observer(RPCCallOutcome(peer: peer, type: type, duration: duration, result: status))
    }

    /// A call timed out on some socket of the client: the peer may be wedged, so every socket
    /// made before now is replaced, this thread's at once (its calls still waiting fail).
    /// Returns the new generation.
    func advanceGeneration() -> Int {
        let generation = lock.withLock { () -> Int in
            generationValue += 1
            return generationValue
        }
        wake.wake()
        return generation
    }

    func start() {
        let thread = Thread.named("rpc-client-\(peer)") { [self] in
            lock.withLock { ioThread = pthread_self() }
            run()
            lock.withLock { ioThread = nil }
            finished.leave()
        }
        finished.enter()
        thread.start()
    }

    /// Queues a call for the I/O thread, or returns the reason it cannot be taken.
    func submit(_ call: Call) -> RPCError? {
        let (refusal, first): (RPCError?, Bool) = lock.withLock {
            if closing { return (.peerUnavailable(peer, "client closed"), false) }
            if inFlight >= RPCDefaults.maxPendingCalls { return (.peerUnavailable(peer, "too many calls in flight"), false) }
            inFlight += 1
            queue.append(call)
            return (nil, queue.count == 1)
        }
        // The I/O thread takes the whole queue at once: a call joining a queue that is not
        // empty is taken with the one that already woke it, so one write per batch does.
        if first { wake.wake() }
        return refusal
    }

    /// Fails everything pending with PEER_UNAVAILABLE and waits for the thread, except when
    /// called from the I/O thread itself (from a completion), where it only asks it to end.
    func close() {
        let own = lock.withLock { () -> Bool in
            closing = true
            return ioThreadIsCalling
        }
        wake.wake()
        if !own { finished.wait() }
    }

    // MARK: I/O thread

    private func run() {
        defer { connection.close() }
        var (dealerReady, monitorReady) = (ZMQSocket.Readiness.none, true)
        while true {
            let (batch, isClosing, generation) = lock.withLock { () -> ([Call], Bool, Int) in
                defer { queue.removeAll(keepingCapacity: true) }
                return (queue, closing, generationValue)
            }
            if isClosing {
                let all = unsent + batch + Array(pending.values)
                unsent.removeAll()
                failAll(all, .peerUnavailable(peer, "client closed"))
                return
            }
            unsent += batch
            if generation != connectionGeneration {
                connectionGeneration = generation
                reconnect(reason: "timeout")
            }
            do {
                var lostPeer = false
                if monitorReady { lostPeer = try connection.readEvents() && !connection.isConnected }
                sendUnsent()
                if dealerReady.readable { try readReplies() }
                // A peer that went away (a crash, a restart) never answers what it was sent: a
                // server started again does not know those calls, and replies to the old
                // connection are dropped. They fail now instead of waiting out their deadlines.
                if lostPeer && !pending.isEmpty {
                    failAll(Array(pending.values), .peerUnavailable(peer, "the peer disconnected"))
                }
            } catch {
                logger.warn("rpc client socket failed", ["peer": peer, "error": String(describing: error)])
                reconnect(reason: "socket error")
            }
            let now = Self.monotonicNanos()
            giveUpUnsent(now)
            expireCalls(now)
            do {
                let writable = connection.isConnected && !unsent.isEmpty
                // While connected the monitor is read after every wait rather than polled:
                // libzmq checks each socket of a poll for commands before and after waiting.
                // Calls in flight then wait at most a slice, so a disconnection still fails them.
                let watchMonitor = !connection.isConnected
                var items: [ZMQSocket.PollItem] = [.socket(connection.dealer, writable: writable), .fd(wake.readFD)]
                if watchMonitor { items.append(.socket(connection.monitor, writable: false)) }
                var timeout = pollTimeoutMs()
                if !watchMonitor && !pending.isEmpty {
                    timeout = timeout < 0 ? RPCCallerSocket.pollSliceMilliseconds : min(timeout, RPCCallerSocket.pollSliceMilliseconds)
                }
                let ready = try ZMQSocket.poll(items, timeoutMs: timeout)
                if ready[1].readable { wake.drain() }
                dealerReady = ready[0]
                monitorReady = watchMonitor ? ready[2].readable : true
            } catch {
                logger.error("rpc client poll failed", ["peer": peer, "error": String(describing: error)])
                lock.withLock { closing = true }
                (dealerReady, monitorReady) = (.none, false)
            }
        }
    }

    /// When an unsent call stops waiting for a connected peer.
    private static func giveUpAt(_ call: Call) -> UInt64 {
        min(call.expiresAt, call.submittedAt + UInt64(RPCDefaults.connectGrace * 1e9))
    }

    /// Until the earliest deadline or unsent give-up, rounded up so the wake-up is never early.
    private func pollTimeoutMs() -> Int {
        while let first = deadlines.first, pending[first.key] == nil { deadlines.popFirst() }
        var next = deadlines.first?.at
        for call in unsent {
            let at = Self.giveUpAt(call)
            if next == nil || at < next! { next = at }
        }
        guard let next else { return -1 }
        let now = Self.monotonicNanos()
        if next <= now { return 0 }
        return Int((next - now + 999_999) / 1_000_000)
    }

    /// Sends waiting calls in order while there is a connection and room in the queue. Calls
    /// that cannot go out wait at most `connectGrace` for a connection.
    private func sendUnsent() {
        guard connection.isConnected else { return }
        var sent = 0
        defer { unsent.removeFirst(sent) }
        for call in unsent {
            do {
                guard try connection.dealer.send([], then: call.frame) else { return }
                pending[call.id] = call
                deadlines.push(at: call.expiresAt, key: call.id)
            } catch {
                finish(call, .failure(.peerUnavailable(peer, String(describing: error))))
            }
            sent += 1
        }
    }

    private func giveUpUnsent(_ now: UInt64) {
        guard unsent.contains(where: { Self.giveUpAt($0) <= now }) else { return }
        let (expired, waiting) = (unsent.filter { Self.giveUpAt($0) <= now }, unsent.filter { Self.giveUpAt($0) > now })
        unsent = waiting
        for call in expired { finish(call, .failure(.peerUnavailable(peer, "no connected peer"))) }
    }

    private func readReplies() throws {
        while let frames = try connection.dealer.receive() {
            guard let frame = frames.last, frames.count == 1 || (frames.count == 2 && frames[0].isEmpty),
                let reply = RPCEnvelope.readReply(frame)
            else {
                logger.warn("rpc client dropped a malformed reply", ["peer": peer, "frames": frames.count])
                continue
            }
            guard let call = pending.removeValue(forKey: reply.id) else {
                logger.debug("rpc client dropped a late reply", ["peer": peer, "id": reply.id])
                continue
            }
            finish(call, .success(reply))
        }
    }

    /// Times out sent calls past their deadline. The server may be dead or wedged, and its
    /// connection may hold requests it will never answer, so after a timeout the socket is
    /// replaced (Lazy Pirate) and the calls still waiting on it fail.
    private func expireCalls(_ now: UInt64) {
        var expired = false
        while let first = deadlines.first, first.at <= now {
            deadlines.popFirst()
            guard let call = pending.removeValue(forKey: first.key) else { continue }
            expired = true
            finish(call, .failure(.timeout(peer, call.type)))
        }
        if expired {
            connectionGeneration = advanceGeneration()
            reconnect(reason: "timeout")
        }
    }

    private func reconnect(reason: String) {
        logger.info("rpc client reconnecting", ["peer": peer, "endpoint": endpoint, "reason": reason])
        connection.close()
        failAll(Array(pending.values), .peerUnavailable(peer, "connection reset after \(reason)"))
        do {
            connection = try RPCClientConnection(endpoint: endpoint, context: context, curve: curve)
        } catch {
            // The closed sockets make the next poll fail, which closes the client.
            logger.error("rpc client cannot reconnect", ["peer": peer, "error": String(describing: error)])
        }
    }

    private func failAll(_ calls: [Call], _ error: RPCError) {
        pending.removeAll()
        deadlines.removeAll()
        for call in calls.sorted(by: { $0.submittedAt < $1.submittedAt }) {
            finish(call, .failure(error))
        }
    }

    /// Completes a call: the observer hears of it first, then the caller's completion runs.
    private func finish(_ call: Call, _ input: Result<RPCEnvelope.ReadReply, RPCError>) {
        call.resolve(input) { [self] error in complete(type: call.type, submittedAt: call.submittedAt, error: error) }
    }
}
