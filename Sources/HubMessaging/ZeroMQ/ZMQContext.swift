import CZeroMQ
import Foundation
import HubRuntime

/// A libzmq context. One per process is enough (`ZMQContext.shared`); a test or a tool may
/// make its own and `terminate()` it.
public final class ZMQContext: @unchecked Sendable {
    /// The process-wide context. It is never terminated, so closing a socket never blocks. Its
    /// threads run under Linux's default policy (`init(ioThreads:)`).
    public static let shared: ZMQContext = make(ioThreads: .normal)

    /// A second process-wide context whose threads run under `SCHED_BATCH`, for the links that
    /// carry group-committed writes (`HubConfig.rpcContext(for:)`): every chat message crosses
    /// chatd's I/O thread and ingest's, and under `batch` each wake-up of those threads finds
    /// several messages instead of preempting the thread that queued one (bench/RESULTS.md,
    /// issue 29's nineteenth pass). Never terminated either.
    public static let batch: ZMQContext = make(ioThreads: .batch)

    private static func make(ioThreads scheduling: CPUScheduling) -> ZMQContext {
        guard let context = try? ZMQContext(ioThreads: scheduling) else {
            fatalError("zmq_ctx_new failed: out of memory or file descriptors")
        }
        return context
    }

    private let lock = NSLock()
    private var pointer: UnsafeMutableRawPointer?
    /// The ZAP handler, from the first CURVE server of this context until the context ends;
    /// under `zapLock`, apart from `lock` because making its socket takes `lock`.
    private let zapLock = NSLock()
    private var authenticator: ZMQAuthenticator?
    /// The policy the context's threads (its I/O thread and its reaper) start under.
    public let ioThreads: CPUScheduling

    /// A context whose threads start under `ioThreads` whatever the policy of the thread that
    /// makes it. By default Linux's (SCHED_OTHER), even in a daemon whose threads are under
    /// SCHED_BATCH (`CPUScheduling`): every reply a thread waits for passes through the I/O
    /// thread, and a woken SCHED_BATCH thread waits for the running one to block or use up its
    /// slice. With ingest's only I/O thread under SCHED_BATCH, its Explore pages, whose every
    /// view waits on calls to marketd, served as few as half the views a second in a busy spell
    /// of the machine (bench/RESULTS.md, issue 29's fifteenth pass).
    public init(ioThreads: CPUScheduling = .normal) throws {
        guard let raw = zmq_ctx_new() else { throw ZMQError.last("ctx_new") }
        // Without this, terminating waits for every unsent message of every socket.
        zmq_ctx_set(raw, ZMQ_BLOCKY, 0)
        zmq_ctx_set(raw, ZMQ_THREAD_SCHED_POLICY, ioThreads.policy)
        // libzmq names its threads ZMQbg/IO/0 and ZMQbg/Reaper; a batch context's are told apart
        // (in `top -H`, in /proc) by the policy's number before them: 3/ZMQbg/IO/0.
        if ioThreads != .normal { zmq_ctx_set(raw, ZMQ_THREAD_NAME_PREFIX, ioThreads.policy) }
        self.ioThreads = ioThreads
        pointer = raw
    }

    /// The raw handle for `zmq_socket`; nil once terminated.
    var handle: UnsafeMutableRawPointer? { lock.withLock { pointer } }

    /// Admits the CURVE clients `clients` (Z85 public keys) to the server sockets of this
    /// context whose ZAP domain is `domain`, starting the context's ZAP handler if needed. Call
    /// before such a socket binds: a CURVE server without a handler admits every client.
    func admit(_ clients: Set<String>, domain: String) throws {
        try zapLock.withLock {
            if authenticator == nil { authenticator = try ZMQAuthenticator(context: self) }
            authenticator!.admit(clients, domain: domain)
        }
    }

    /// Forgets `domain` once its socket is closed. The handler itself stays, refusing unknown
    /// domains: stopping it would unbind its inproc endpoint only asynchronously, and the next
    /// CURVE server's handler could then fail to bind it.
    func revoke(domain: String) {
        zapLock.withLock { authenticator?.revoke(domain: domain) }
    }

    /// Ends the context; every socket made from it must already be closed.
    public func terminate() {
        zapLock.withLock {
            authenticator?.stop()
            authenticator = nil
        }
        guard
            let raw = lock.withLock({ () -> UnsafeMutableRawPointer? in
                defer { pointer = nil }
                return pointer
            })
        else { return }
        while zmq_ctx_term(raw) != 0 && zmq_errno() == EINTR {}
    }

    deinit { terminate() }
}
