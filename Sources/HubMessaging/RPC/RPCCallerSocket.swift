import Foundation
import HubRuntime

/// One thread's own DEALER socket for the blocking calls of an `RPCClient`. The calling thread
/// sends, polls and reads it itself, so a blocking call crosses no thread of the client's
/// own: a hand-off to the client's I/O thread and back cost more than libzmq's whole round
/// trip (bench/RESULTS.md, "The ZeroMQ hop").
///
/// It keeps the I/O thread's rules: a call waits at most `RPCDefaults.connectGrace` for a
/// connection, fails with `PEER_UNAVAILABLE` when the peer disconnects while it waits (seen
/// within a poll slice), and after a timeout the socket is replaced (Lazy Pirate), as is every
/// other socket of the client made before it (`RPCClientLoop.advanceGeneration`).
///
/// Used by its thread only, between `RPCCallerSockets.checkOut` and `checkIn`; closed by the
/// client's `close()` while idle, by its thread at the end of a call `close()` came during,
/// or by its thread when that ends.
final class RPCCallerSocket {
    private let loop: RPCClientLoop
    private let logger: Logger
    private let make: () throws -> RPCClientConnection
    private var connection: RPCClientConnection?
    private var generation = 0

    // Under the owning `RPCCallerSockets`' lock.
    var busy = false
    var closed = false

    /// How long one poll waits before the call looks again at the client closing or its
    /// socket being replaced by a timeout elsewhere.
    static let pollSliceMilliseconds = 50

    init(loop: RPCClientLoop, logger: Logger, make: @escaping () throws -> RPCClientConnection) {
        self.loop = loop
        self.logger = logger
        self.make = make
    }

    /// Sends `frame` and waits for the reply `decode` reads with the call's `id`; replies to
    /// earlier calls are dropped. Not the call's completion: the caller reports the outcome.
    func call<Response>(
        _ frame: [UInt8], id: String, type: String, submittedAt: UInt64, expiresAt: UInt64,
        decode: (Data) -> (id: String, result: Result<Response, RPCError>)?
    ) -> Result<Response, RPCError> {
        let peer = loop.peer
        do {
            let connection = try current()
            // Events that came while the thread was elsewhere (a peer gone and back) first, so
            // the wait below reads only what happens to this call.
            try connection.readEvents()
            if !connection.isConnected {
                let giveUpAt = min(expiresAt, submittedAt + UInt64(RPCDefaults.connectGrace * 1e9))
                while !connection.isConnected {
                    if let failure = stopped() { return .failure(failure) }
                    guard let wait = Self.millisecondsUntil(giveUpAt) else {
                        return .failure(.peerUnavailable(peer, "no connected peer"))
                    }
                    _ = try ZMQSocket.poll([.socket(connection.monitor, writable: false)], timeoutMs: wait)
                    try connection.readEvents()
                }
            }
            guard try connection.dealer.send([], then: frame) else { return .failure(.peerUnavailable(peer, "send queue full")) }
            let disconnects = connection.disconnects
            while true {
                let wait = Self.millisecondsUntil(expiresAt) ?? 0
                // The wait is a receive on the DEALER alone (`receive(timeoutMs:)`: one system
                // call to wait, where `zmq_poll` makes three more around it). The monitor's
                // events are read after each wait, so a disconnection fails the call within a
                // poll slice. A reply already received wins over a disconnect reported with it.
                if let result = try read(connection, id: id, waitingMs: wait, decode: decode) { return result }
                try connection.readEvents()
                if connection.disconnects != disconnects { return .failure(.peerUnavailable(peer, "the peer disconnected")) }
                if Self.millisecondsUntil(expiresAt) == nil {
                    generation = loop.advanceGeneration()
                    replace(reason: "timeout")
                    return .failure(.timeout(peer, type))
                }
                if let failure = stopped() { return .failure(failure) }
            }
        } catch {
            logger.warn("rpc client socket failed", ["peer": peer, "error": String(describing: error)])
            replace(reason: "socket error")
            return .failure(.peerUnavailable(peer, String(describing: error)))
        }
    }

    /// Closes the socket; the next call makes a new one.
    func close() {
        connection?.close()
        connection = nil
    }

    /// The socket of the client's current generation, made now when there is none.
    private func current() throws -> RPCClientConnection {
        let now = loop.generation
        if let connection, generation == now { return connection }
        close()
        generation = now
        let fresh = try make()
        connection = fresh
        return fresh
    }

    /// The reply with `id`, waiting up to `waitingMs` for a first message and then taking what
    /// else is waiting; replies to earlier calls and malformed ones are dropped.
    private func read<Response>(
        _ connection: RPCClientConnection, id: String, waitingMs: Int,
        decode: (Data) -> (id: String, result: Result<Response, RPCError>)?
    ) throws -> Result<Response, RPCError>? {
        var next = try connection.dealer.receive(timeoutMs: waitingMs)
        while let frames = next {
            if let frame = frames.last, frames.count == 1 || (frames.count == 2 && frames[0].isEmpty), let reply = decode(frame) {
                if reply.id == id { return reply.result }
                logger.debug("rpc client dropped a late reply", ["peer": loop.peer, "id": reply.id])
            } else {
                logger.warn("rpc client dropped a malformed reply", ["peer": loop.peer, "frames": frames.count])
            }
            next = try connection.dealer.receive()
        }
        return nil
    }

    /// Why a waiting call ends early: the client closing, or a timeout elsewhere having
    /// replaced the client's sockets (this one is closed then).
    private func stopped() -> RPCError? {
        if loop.isClosing { return .peerUnavailable(loop.peer, "client closed") }
        guard loop.generation != generation else { return nil }
        close()
        return .peerUnavailable(loop.peer, "connection reset after timeout")
    }

    private func replace(reason: String) {
        logger.info("rpc client reconnecting", ["peer": loop.peer, "endpoint": loop.endpoint, "reason": reason])
        close()
    }

    /// Milliseconds until `deadline`, at most one poll slice and rounded up so a wake-up is
    /// never early; nil once it has passed.
    private static func millisecondsUntil(_ deadline: UInt64) -> Int? {
        let now = RPCClientLoop.monotonicNanos()
        guard deadline > now else { return nil }
        return min(pollSliceMilliseconds, Int((deadline - now + 999_999) / 1_000_000))
    }
}
