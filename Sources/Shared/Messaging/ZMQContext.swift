import CZeroMQ
import Foundation

/// A libzmq context. One per process is enough (`ZMQContext.shared`); a test or a tool may
/// make its own and `terminate()` it.
public final class ZMQContext: @unchecked Sendable {
    /// The process-wide context. It is never terminated, so closing a socket never blocks.
    public static let shared: ZMQContext = {
        guard let context = try? ZMQContext() else { fatalError("zmq_ctx_new failed: out of memory or file descriptors") }
        return context
    }()

    private let lock = NSLock()
    private var pointer: UnsafeMutableRawPointer?

    public init() throws {
        guard let raw = zmq_ctx_new() else { throw ZMQError.last("ctx_new") }
        // Without this, terminating waits for every unsent message of every socket.
        zmq_ctx_set(raw, ZMQ_BLOCKY, 0)
        pointer = raw
    }

    /// The raw handle for `zmq_socket`; nil once terminated.
    var handle: UnsafeMutableRawPointer? { lock.withLock { pointer } }

    /// Ends the context; every socket made from it must already be closed.
    public func terminate() {
        guard let raw = lock.withLock({ () -> UnsafeMutableRawPointer? in
            defer { pointer = nil }
            return pointer
        }) else { return }
        while zmq_ctx_term(raw) != 0 && zmq_errno() == EINTR {}
    }

    deinit { terminate() }
}
