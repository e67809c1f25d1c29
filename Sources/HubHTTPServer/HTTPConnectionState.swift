import Synchronization

/// One open client connection as `HTTPConnectionGuard` tracks it: who it is from, its
/// socket, and the deadline of the phase it is in. Created when libmicrohttpd opens the
/// connection and kept in its socket context until it closes.
final class HTTPConnectionState: @unchecked Sendable {
    let peer: String
    /// The socket while libmicrohttpd owns it; only shut down under the guard's lock.
    let fd: Int32
    /// Monotonic nanoseconds by which the current phase must end; 0 while a handler works or
    /// a response is sent, which no deadline here bounds.
    let deadline = Atomic<UInt64>(0)
    /// Set when a response went out before the request body was read: closing the socket
    /// then would reset the connection under the response, so it lingers instead.
    let linger = Atomic<Bool>(false)
    /// Set once the connection was cut: past its deadline, or past its client's cap.
    var cut = false

    init(peer: String, fd: Int32) {
        self.peer = peer
        self.fd = fd
    }
}
