import CZeroMQ
import Foundation
import HubRuntime

/// The ZAP handler of one `ZMQContext` (RFC 27): libzmq asks it, over
/// `inproc://zeromq.zap.01`, whether to admit each CURVE client of a server socket in that
/// context, naming the socket's ZAP domain and the client's public key. It admits a key only
/// if it was admitted for that domain; an unknown domain or another mechanism is refused.
///
/// Runs its own thread, the only user of its REP socket. Made by `ZMQContext` for its first
/// CURVE server and stopped when the context terminates.
final class ZMQAuthenticator: @unchecked Sendable {
    static let endpoint = "inproc://zeromq.zap.01"

    private let lock = NSLock()
    private var admitted: [String: Set<[UInt8]>] = [:]
    private var stopping = false
    private let socket: ZMQSocket
    private let wake: WakePipe
    private let finished = DispatchGroup()

    init(context: ZMQContext) throws {
        let socket = try ZMQSocket(context: context, kind: .rep)
        try socket.setOption(ZMQ_LINGER, 0)
        try socket.bind(Self.endpoint)
        self.socket = socket
        wake = try WakePipe()
        finished.enter()
        let thread = Thread.named("zmq-zap") { [self] in
            run()
            finished.leave()
        }
        thread.start()
    }

    /// Admits `clients` (Z85 public keys) to the sockets of `domain`, replacing earlier ones.
    func admit(_ clients: Set<String>, domain: String) {
        let keys = Set(clients.compactMap(CurveKeyPair.decode))
        lock.withLock { admitted[domain] = keys }
    }

    /// Forgets `domain`: its clients are refused from now on.
    func revoke(domain: String) {
        lock.withLock { admitted[domain] = nil }
    }

    /// Ends the thread and closes the socket; called once, before the context terminates.
    func stop() {
        lock.withLock { stopping = true }
        wake.wake()
        finished.wait()
    }

    private func run() {
        defer { socket.close() }
        while !lock.withLock({ stopping }) {
            do {
                let ready = try ZMQSocket.poll([.socket(socket, writable: false), .fd(wake.readFD)], timeoutMs: 1_000)
                if ready[1].readable { wake.drain() }
                while let request = try socket.receive() {
                    try socket.send(answer(request), dontWait: false)
                }
            } catch {
                // Only a closed context ends up here; libzmq fails the handshakes it was asking about.
                return
            }
        }
    }

    /// The reply to one request: version, request ID, status code and text, user ID, metadata.
    private func answer(_ frames: [Data]) -> [Data] {
        let requestId = frames.count > 1 ? frames[1] : Data()
        guard frames.count >= 7, frames[0] == Data("1.0".utf8) else {
            return Self.reply(requestId, status: "500", text: "malformed ZAP request")
        }
        let domain = String(decoding: frames[2], as: UTF8.self)
        let mechanism = String(decoding: frames[5], as: UTF8.self)
        let key = [UInt8](frames[6])
        let ok = mechanism == "CURVE" && lock.withLock { admitted[domain]?.contains(key) ?? false }
        return ok ? Self.reply(requestId, status: "200", text: "OK") : Self.reply(requestId, status: "400", text: "client key not admitted")
    }

    private static func reply(_ requestId: Data, status: String, text: String) -> [Data] {
        [Data("1.0".utf8), requestId, Data(status.utf8), Data(text.utf8), Data(), Data()]
    }
}
