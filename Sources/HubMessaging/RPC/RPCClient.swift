import Foundation
import HubRuntime

/// A caller of one daemon: one DEALER socket owned by the client's own I/O thread, usable
/// from any thread. Every call has a deadline and completes exactly once — with the reply,
/// the server's error, `RPC_TIMEOUT` or `PEER_UNAVAILABLE` — so nobody waits forever.
///
/// After a timeout the socket is closed and a new one connected (Lazy Pirate); calls still
/// waiting on the old socket fail with `PEER_UNAVAILABLE` then. A call made while the socket
/// has no connection (per its monitor) waits at most `RPCDefaults.connectGrace` for one and
/// then fails with `PEER_UNAVAILABLE`, well before its deadline; libzmq keeps reconnecting
/// in the background, so a later call succeeds once the peer is up.
///
///     let chat = try RPCClient(peer: "chatd", endpoint: "ipc:///data/chatd.sock", clock: clock, logger: logger)
///     switch chat.call(SysPing.self, RPCEmpty()) { … }
public final class RPCClient: @unchecked Sendable {
    public let peer: String
    public let endpoint: String
    public let defaultTimeout: TimeInterval
    private let clock: Clock
    private let loop: RPCClientLoop

    /// Connects a DEALER socket to `endpoint` (which need not be bound yet) and starts the
    /// I/O thread. `peer` names the daemon in errors, logs and outcomes. With `curve` the
    /// socket is a CURVE client: it talks only to the server holding `curve.serverKey`.
    public init(
        peer: String, endpoint: String, clock: Clock, logger: Logger,
        defaultTimeout: TimeInterval = 1.0, context: ZMQContext = .shared, curve: CurveClientKeys? = nil
    ) throws {
        self.peer = peer
        self.endpoint = endpoint
        self.clock = clock
        self.defaultTimeout = defaultTimeout
        loop = try RPCClientLoop(peer: peer, endpoint: endpoint, logger: logger, context: context, curve: curve)
        loop.start()
    }

    deinit { loop.close() }

    /// Told about every finished call, on the I/O thread, just before the call's completion
    /// runs. Set it before the first call.
    public var observer: ((RPCCallOutcome) -> Void)? {
        get { loop.observer }
        set { loop.observer = newValue }
    }

    /// Sends `request` and calls `completion` exactly once, on the client's I/O thread —
    /// or at once on the calling thread when the call cannot be submitted (client closed,
    /// too many calls in flight, request not encodable). The deadline sent to the server
    /// is `clock` now + `timeout` (default `defaultTimeout`).
    public func call<M: RPCMessage>(
        _ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil,
        completion: @escaping (Result<M.Response, RPCError>) -> Void
    ) {
        let seconds = max(0, timeout ?? defaultTimeout)
        let id = TimeSortableID.shared.next()
        let deadline = clock.nowMillis() + Int64((seconds * 1000).rounded(.up))
        let frame: Data
        do {
            frame = try RPCEnvelope.encodeRequest(v: M.version, type: M.type, id: id, deadline: deadline, body: request)
        } catch {
            completion(.failure(.internal("\(M.type) request not encodable")))
            return
        }
        let now = RPCClientLoop.monotonicNanos()
        let call = RPCClientLoop.Call(
            id: id, type: M.type, frame: frame, submittedAt: now,
            expiresAt: now + UInt64(seconds * 1e9),
            resolve: { input, report in
                let result = input.flatMap { RPCEnvelope.decodeReply(M.Response.self, from: $0) }
                if case .failure(let error) = result { report(error) } else { report(nil) }
                completion(result)
            })
        if let refusal = loop.submit(call) { completion(.failure(refusal)) }
    }

    /// Sends `request` and waits for its outcome. Must not be called from a completion
    /// (the I/O thread cannot wait for itself); there it fails with `INTERNAL`.
    public func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil) -> Result<M.Response, RPCError> {
        if loop.isIOThread { return .failure(.internal("blocking call from the client's own I/O thread")) }
        let seconds = max(0, timeout ?? defaultTimeout)
        let done = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var outcome: Result<M.Response, RPCError>?
        call(m, request, timeout: seconds) { result in
            lock.withLock { outcome = result }
            done.signal()
        }
        // The I/O thread always completes the call; the grace only guards against a wedged thread.
        if done.wait(timeout: .now() + seconds + RPCDefaults.blockingCallGrace) == .timedOut {
            return .failure(.timeout(peer, M.type))
        }
        return lock.withLock { outcome } ?? .failure(.internal())
    }

    /// Fails pending calls with `PEER_UNAVAILABLE`, closes the socket and joins the I/O
    /// thread. Idempotent; later calls fail at once.
    public func close() { loop.close() }
}
