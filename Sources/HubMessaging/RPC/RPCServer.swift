import CZeroMQ
import Foundation
import HubRuntime

/// A daemon's request/reply endpoint: one ROUTER socket, answered by typed handlers.
///
/// Handlers run one at a time on the server's own thread, in arrival order, because a
/// daemon's store has a single connection. Whatever arrives — unknown type, other version,
/// late, not JSON, wrong frames — gets a typed error reply; the loop never stops on input.
///
///     let server = try RPCServer(name: "chatd", endpoint: "ipc:///data/chatd.sock", clock: clock, logger: logger)
///     server.register(SysPing.self) { _, _ in … }
///     server.start()
///     …
///     server.stop()
///
/// A started server keeps itself alive until `stop()`.
public final class RPCServer: @unchecked Sendable {
    public let name: String
    /// The endpoint actually bound, a wildcard TCP port resolved (`tcp://127.0.0.1:40123`).
    public let boundEndpoint: String
    let clock: Clock
    let startedAt: Date
    private let logger: Logger
    // Owned by the caller until `start()`, then by the server thread alone.
    private let socket: ZMQSocket
    /// The ZeroMQ context of the server's socket.
    let context: ZMQContext
    /// The socket's ZAP domain when it is a CURVE server: what its context's handler admits.
    private let zapDomain: String?

    /// Answers a request, whose body lies at the range given of its frame, now
    /// (`.success`/`.failure`) or later: `nil` means the handler took the `DeferredReply` and
    /// sends through it from another thread. A reply kept by value, so a request answered at
    /// once allocates nothing for the chance it might not be.
    private typealias Handler = (
        _ frame: Data, _ body: Range<Int>, _ context: RPCRequestContext, _ later: DeferredReply
    ) -> Result<[UInt8], RPCError>?
    private struct Registration {
        let version: Int
        let handle: Handler
    }

    private let lock = NSLock()
    private var handlers: [String: Registration] = [:]
    private var started = false
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchGroup()
    /// Replies finished on other threads, sent by the server thread (the socket's only user).
    private var deferredReplies = RPCDeferredReplies()
    /// A DEALER connected to the ROUTER over inproc, through which a thread that queues a
    /// deferred reply wakes the server thread with an empty message. The server thread then
    /// waits in one blocking receive on the ROUTER alone: a drain receive finding nothing and
    /// a poll of the socket and a wake pipe cost two system calls a request where the blocking
    /// receive costs one (bench/RESULTS.md, issue 29). Used under `wakerLock` by any thread.
    private let waker: ZMQSocket
    /// The waker's routing ID: random, so no peer's messages are taken for wake-ups.
    private let wakerIdentity: Data
    private let wakerLock = NSLock()
    /// Wake-up messages the server thread received (under `lock`), for tests.
    private var wakeUps = 0
    private let logsDebug: Bool

    /// Binds a ROUTER socket at `endpoint`. For `ipc://` the parent directory is created and
    /// a stale socket file removed first, and the socket file is made 0600. With `curve` the
    /// socket is a CURVE server that admits only the clients named there.
    public init(
        name: String, endpoint: String, clock: Clock, logger: Logger, context: ZMQContext = .shared,
        curve: CurveServerKeys? = nil
    ) throws {
        self.name = name
        self.clock = clock
        self.logger = logger
        self.context = context
        logsDebug = logger.level <= .debug
        startedAt = clock.now()
        try ZMQEndpoint.prepareForBind(endpoint)
        let socket = try ZMQSocket(context: context, kind: .router)
        try socket.setOption(ZMQ_LINGER, RPCDefaults.serverLingerMilliseconds)
        try socket.setOption(ZMQ_SNDHWM, RPCDefaults.highWaterMark)
        try socket.setOption(ZMQ_RCVHWM, RPCDefaults.highWaterMark)
        try socket.setOption64(ZMQ_MAXMSGSIZE, RPCDefaults.maxMessageBytes)
        let zapDomain = curve.map { _ in "appnorth-rpc-\(name)-" + TimeSortableID.shared.next() }
        if let curve, let zapDomain {
            try context.admit(curve.admittedClients, domain: zapDomain)
        }
        let wakeID = TimeSortableID.shared.next()
        let identity = Data(("wake-" + wakeID).utf8)
        let waker: ZMQSocket
        do {
            if let curve, let zapDomain { try socket.makeCurveServer(curve, zapDomain: zapDomain) }
            try socket.bind(endpoint)
            boundEndpoint = try socket.lastEndpoint()
            try ZMQEndpoint.restrictAfterBind(boundEndpoint)
            // Bound after `lastEndpoint` is read, which names the last endpoint bound.
            let wakeEndpoint = "inproc://rpc-server-wake-" + wakeID
            try socket.bind(wakeEndpoint)
            waker = try Self.makeWaker(connectedTo: wakeEndpoint, identity: identity, context: context)
        } catch {
            socket.close()
            if let zapDomain { context.revoke(domain: zapDomain) }
            throw error
        }
        self.socket = socket
        self.zapDomain = zapDomain
        self.waker = waker
        wakerIdentity = identity
    }

    /// The DEALER that wakes the server thread, connected to the ROUTER's inproc endpoint;
    /// closed again when it cannot be set up.
    private static func makeWaker(connectedTo endpoint: String, identity: Data, context: ZMQContext) throws -> ZMQSocket {
        let waker = try ZMQSocket(context: context, kind: .dealer)
        do {
            try waker.setOption(ZMQ_LINGER, 0)
            try waker.setOption(ZMQ_ROUTING_ID, bytes: Array(identity))
            try waker.connect(endpoint)
            return waker
        } catch {
            waker.close()
            throw error
        }
    }

    // A server never started still gives up its socket and ZAP domain.
    deinit { closeSocket() }

    /// Adds the handler for `message`; call before `start()`. A handler answers by returning
    /// the response, or throws an `RPCError` the caller receives verbatim; any other error
    /// becomes `INTERNAL`.
    public func register<M: RPCMessage>(_ message: M.Type, _ handler: @escaping (M.Request, RPCRequestContext) throws -> M.Response) {
        let logger = self.logger
        add(M.self) { frame, body, context, _ in
            let request: M.Request
            switch RPCEnvelope.decodeRequestBody(M.Request.self, from: frame, at: body) {
            case .success(let decoded): request = decoded
            case .failure(let error): return .failure(error)
            }
            do {
                return Self.encode(M.self, try handler(request, context), context, logger)
            } catch {
                return .failure(Self.handlerError(M.self, error, context, logger))
            }
        }
    }

    /// Adds a handler that answers later, for work that must not hold the server thread (a
    /// job pass, a call to a provider): it hands `reply` to another thread, which calls it
    /// exactly once with the response or an error. Later calls of `reply` are ignored. A
    /// reply past the caller's deadline is still sent; the caller has stopped waiting.
    public func registerDeferred<M: RPCMessage>(
        _ message: M.Type,
        _ handler:
            @escaping (
                M.Request, RPCRequestContext,
                _ reply: @escaping (Result<M.Response, RPCError>) -> Void
            ) throws -> Void
    ) {
        let logger = self.logger
        add(M.self) { frame, body, context, deferred in
            let request: M.Request
            switch RPCEnvelope.decodeRequestBody(M.Request.self, from: frame, at: body) {
            case .success(let decoded): request = decoded
            case .failure(let error): return .failure(error)
            }
            let later = deferred.kept()
            let once = NSLock()
            var answered = false
            let reply: (Result<M.Response, RPCError>) -> Void = { result in
                let first: Bool = once.withLock {
                    defer { answered = true }
                    return !answered
                }
                guard first else { return }
                switch result {
                case .success(let response): later.send { Self.encode(M.self, response, context, logger) }
                case .failure(let error): later.send { .failure(error) }
                }
            }
            do {
                try handler(request, context, reply)
                return nil
            } catch {
                return .failure(Self.handlerError(M.self, error, context, logger))
            }
        }
    }

    private func add<M: RPCMessage>(_ message: M.Type, _ handle: @escaping Handler) {
        lock.withLock { handlers[M.type] = Registration(version: M.version, handle: handle) }
    }

    private static func encode<M: RPCMessage>(
        _ message: M.Type, _ response: M.Response, _ context: RPCRequestContext, _ logger: Logger
    ) -> Result<[UInt8], RPCError> {
        do {
            return .success(try RPCEnvelope.replyBytes(v: M.version, type: M.type, id: context.id, body: response))
        } catch {
            logger.error("rpc response not encodable", ["type": M.type, "id": context.id, "error": String(describing: error)])
            return .failure(.internal())
        }
    }

    /// What the caller receives for an error a handler threw.
    private static func handlerError<M: RPCMessage>(
        _ message: M.Type, _ error: Error, _ context: RPCRequestContext, _ logger: Logger
    ) -> RPCError {
        if let error = error as? RPCError { return error }
        logger.error("rpc handler failed", ["type": M.type, "id": context.id, "error": String(describing: error)])
        return .internal()
    }

    /// Starts answering on the server's own thread. Calling it again does nothing.
    public func start() {
        let thread: Thread? = lock.withLock {
            guard !started, !stopping else { return nil }
            started = true
            finished.enter()
            let thread = Thread.named("rpc-server-\(name)") { [self] in
                runLoop()
                finished.leave()
            }
            self.thread = thread
            return thread
        }
        guard let thread else { return }
        logger.info("rpc server listening", ["endpoint": boundEndpoint])
        thread.start()
    }

    /// Stops reading requests, lets the handler in progress finish and answer, closes the
    /// socket and waits for the thread. Idempotent; safe from any thread (from a handler it
    /// only asks the loop to end).
    public func stop() {
        let (wasStarted, firstStop, ownThread): (Bool, Bool, Bool) = lock.withLock {
            let first = !stopping
            stopping = true
            return (started, first, thread != nil && Thread.current == thread)
        }
        if !wasStarted {
            if firstStop { closeSocket() }
            return
        }
        if ownThread { return }
        finished.wait()
        if firstStop { logger.info("rpc server stopped", ["endpoint": boundEndpoint]) }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// Wake-up messages the server thread has received, for tests.
    var wakeUpsForTests: Int { lock.withLock { wakeUps } }

    /// Closes the socket, then lets the ZAP handler forget it: never the other way round, or
    /// the socket would briefly admit any CURVE client.
    private func closeSocket() {
        wakerLock.withLock { waker.close() }
        socket.close()
        if let zapDomain { context.revoke(domain: zapDomain) }
    }

    private func runLoop() {
        defer { closeSocket() }
        do {
            while !isStopping {
                sendDeferredReplies()
                // Requests as they come, the stop flag looked at between them and at least every
                // poll interval; a wake-up sends the deferred replies queued (the ROUTER queues
                // its peers fairly, so it comes among requests too).
                while !isStopping, let frames = try socket.receive(timeoutMs: RPCDefaults.serverPollMilliseconds) {
                    if frames.first == wakerIdentity {
                        lock.withLock { wakeUps += 1 }
                        break
                    }
                    handle(frames)
                }
            }
        } catch {
            logger.error("rpc server socket failed", ["endpoint": boundEndpoint, "error": String(describing: error)])
        }
    }

    /// Answers one ROUTER message: `[identity, payload]`, or `[identity, "", payload]` from a
    /// REQ-style peer (the empty delimiter is echoed back). The reply's prefix is the message's
    /// own frames before the payload, a slice of them rather than a new array.
    private func handle(_ frames: [Data]) {
        guard let payload = frames.last, frames.count == 2 || (frames.count == 3 && frames[1].isEmpty) else {
            guard !frames.isEmpty else { return }
            logger.warn("rpc malformed message", ["frames": frames.count])
            reply(
                frames.prefix(1),
                RPCEnvelope.errorReplyBytes(
                    v: 1, type: "", id: "", error: .malformedMessage("expected one envelope frame, got \(frames.count - 1)")))
            return
        }
        let prefix = frames.dropLast()
        if let frame = answer(payload, prefix: prefix) { reply(prefix, frame) }
    }

    /// Queues a reply finished on another thread for the server thread to send. Only a reply
    /// joining an empty queue wakes the server thread: it takes the whole queue after a
    /// wake-up, so a reply queued after that take finds the queue empty and wakes it again.
    /// A wake-up not sent (the waker's queue full) leaves the replies to the next one or to
    /// the end of the server's poll interval.
    func sendLater(_ prefix: [Data], _ frame: @escaping () -> [UInt8]) {
        guard lock.withLock({ deferredReplies.append((prefix, frame)) }) else { return }
        wakerLock.withLock {
            guard !waker.isClosed else { return }
            _ = try? waker.send([], then: Data())
        }
    }

    private func sendDeferredReplies() {
        for item in lock.withLock({ deferredReplies.takeAll() }) { reply(item.prefix[...], item.frame()) }
    }

    /// The reply frame now, or `nil` when the handler answers later.
    private func answer(_ payload: Data, prefix: ArraySlice<Data>) -> [UInt8]? {
        let receivedAt = clock.now()
        let header: RPCEnvelope.RequestHeader
        let body: Range<Int>
        switch RPCEnvelope.decodeRequest(payload) {
        case .success(let request): (header, body) = request
        case .failure(let failure):
            logger.warn("rpc malformed message", ["id": failure.id, "reason": failure.error.message])
            return RPCEnvelope.errorReplyBytes(v: 1, type: "", id: failure.id, error: failure.error)
        }
        guard let registration = lock.withLock({ handlers[header.type] }) else {
            logger.warn("rpc unknown type", ["type": header.type, "id": header.id])
            return RPCEnvelope.errorReplyBytes(v: header.v, type: header.type, id: header.id, error: .unknownType(header.type))
        }
        guard header.v == registration.version else {
            logger.warn("rpc unsupported version", ["type": header.type, "id": header.id, "v": header.v])
            return RPCEnvelope.errorReplyBytes(
                v: registration.version, type: header.type, id: header.id,
                error: .unsupportedVersion(header.type, got: header.v, supported: registration.version))
        }
        let deadline = Date(timeIntervalSince1970: Double(header.deadline) / 1000)
        guard header.deadline >= clock.nowMillis() else {
            logger.warn("rpc deadline exceeded", ["type": header.type, "id": header.id])
            return RPCEnvelope.errorReplyBytes(v: header.v, type: header.type, id: header.id, error: .deadlineExceeded(header.type))
        }
        let context = RPCRequestContext(id: header.id, type: header.type, deadline: deadline, receivedAt: receivedAt)
        let later = DeferredReply(server: self, prefix: prefix, header: header)
        guard let result = registration.handle(payload, body, context, later) else { return nil }
        // The fields are built only when they are written: this runs once per request.
        let ms = logsDebug ? clock.now().timeIntervalSince(receivedAt) * 1000 : 0
        switch result {
        case .success(let frame):
            if logsDebug { logger.debug("rpc handled", ["type": header.type, "id": header.id, "ms": ms]) }
            return frame
        case .failure(let error):
            if logsDebug { logger.debug("rpc handled", ["type": header.type, "id": header.id, "ms": ms, "code": error.code]) }
            return RPCEnvelope.errorReplyBytes(v: header.v, type: header.type, id: header.id, error: error)
        }
    }

    private func reply(_ prefix: ArraySlice<Data>, _ frame: some ContiguousBytes) {
        do {
            // A ROUTER drops replies to peers that are gone or over their queue bound; the
            // caller's deadline covers both.
            try socket.send(prefix, then: frame)
        } catch {
            logger.warn("rpc reply not sent", ["error": String(describing: error)])
        }
    }
}
