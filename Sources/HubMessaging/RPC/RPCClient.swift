import Foundation
import HubRuntime

/// A caller of one daemon, usable from any thread. Asynchronous calls go through one DEALER
/// socket owned by the client's own I/O thread; a blocking call uses a DEALER socket of the
/// calling thread (`RPCCallerSocket`), so it waits on the reply itself rather than on the I/O
/// thread. Every call has a deadline and completes exactly once — with the reply, the
/// server's error, `RPC_TIMEOUT` or `PEER_UNAVAILABLE` — so nobody waits forever.
///
/// After a timeout the client's sockets are closed and new ones connected (Lazy Pirate); calls
/// still waiting on the old ones fail with `PEER_UNAVAILABLE` then. A call made while the socket
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
    /// The ZeroMQ context of the client's sockets.
    var context: ZMQContext { loop.context }
    private let callers: RPCCallerSockets

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
        let loop = try RPCClientLoop(peer: peer, endpoint: endpoint, logger: logger, context: context, curve: curve)
        self.loop = loop
        callers = RPCCallerSockets {
            RPCCallerSocket(loop: loop, logger: logger) {
                try RPCClientConnection(endpoint: endpoint, context: context, curve: curve)
            }
        }
        loop.start()
    }

    deinit { close() }

    /// Told about every finished call, just before the call's completion runs: on the I/O
    /// thread for asynchronous calls, on the calling thread for blocking ones. Set it before
    /// the first call.
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
        let (id, seconds, frame): (String, TimeInterval, [UInt8])
        switch prepare(m, request, timeout: timeout) {
        case .success(let prepared): (id, seconds, frame) = prepared
        case .failure(let error): return completion(.failure(error))
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

    /// Sends `request` and waits for its outcome, on this thread's own socket of the client.
    /// Must not be called from a completion (the I/O thread is not to wait); there it fails
    /// with `INTERNAL`.
    public func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil) -> Result<M.Response, RPCError> {
        if loop.isIOThread { return .failure(.internal("blocking call from the client's own I/O thread")) }
        let (id, seconds, frame): (String, TimeInterval, [UInt8])
        switch prepare(m, request, timeout: timeout) {
        case .success(let prepared): (id, seconds, frame) = prepared
        case .failure(let error): return .failure(error)
        }
        if let refusal = loop.admit() { return .failure(refusal) }
        let now = RPCClientLoop.monotonicNanos()
        let result: Result<M.Response, RPCError>
        if let socket = callers.checkOut() {
            result = socket.call(frame, id: id, type: M.type, submittedAt: now, expiresAt: now + UInt64(seconds * 1e9)) {
                RPCEnvelope.decodeReplyWithID(M.Response.self, from: $0, expecting: id)
            }
            callers.checkIn(socket)
        } else {
            result = .failure(.peerUnavailable(peer, "client closed"))
        }
        loop.complete(type: M.type, submittedAt: now, error: result.failureValue)
        return result
    }

    /// A new call's ID, its timeout in seconds and its request frame, whose deadline is
    /// `clock` now + the timeout.
    private func prepare<M: RPCMessage>(
        _ m: M.Type, _ request: M.Request, timeout: TimeInterval?
    ) -> Result<(id: String, seconds: TimeInterval, frame: [UInt8]), RPCError> {
        let seconds = max(0, timeout ?? defaultTimeout)
        let id = TimeSortableID.shared.next()
        let deadline = clock.nowMillis() + Int64((seconds * 1000).rounded(.up))
        guard let frame = try? RPCEnvelope.requestBytes(v: M.version, type: M.type, id: id, deadline: deadline, body: request) else {
            return .failure(.internal("\(M.type) request not encodable"))
        }
        return .success((id, seconds, frame))
    }

    /// Fails pending calls with `PEER_UNAVAILABLE`, closes the sockets and joins the I/O
    /// thread. Idempotent; later calls fail at once. A blocking call in progress on another
    /// thread fails within `RPCCallerSocket.pollSliceMilliseconds`, and this returns after it
    /// has closed its socket: once it returns, no socket of the client is open.
    public func close() {
        // The loop first: a blocking call in progress ends when it sees the loop closing.
        loop.close()
        callers.closeAll()
    }

    /// Sockets of calling threads not closed yet, for tests.
    var openCallerSockets: Int { callers.openCount }

    /// Whether the calling thread is the client's I/O thread, for tests.
    var loopIsIOThreadForTests: Bool { loop.isIOThread }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
