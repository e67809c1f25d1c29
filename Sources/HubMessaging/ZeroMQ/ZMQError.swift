import CZeroMQ

/// A failed libzmq call: the operation and the `zmq_errno()` value it left behind.
public struct ZMQError: Error, Equatable, CustomStringConvertible {
    /// The libzmq call that failed, e.g. `"bind"`.
    public let operation: String
    /// The errno value (`EAGAIN`, `EADDRINUSE`, `ETERM`, …).
    public let errno: Int32
    /// `zmq_strerror` text for `errno`.
    public let message: String

    public init(operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
        self.message = String(cString: zmq_strerror(errno))
    }

    /// The error of the last libzmq call on this thread.
    static func last(_ operation: String) -> ZMQError { ZMQError(operation: operation, errno: zmq_errno()) }

    public var description: String { "zmq \(operation) failed: \(message) (errno \(errno))" }
}
