import Foundation

/// The `RPCCallerSocket`s of one `RPCClient`, one per thread that made a blocking call, each
/// found through its thread's `RPCCallerThread`. Who closes a socket, exactly once, under
/// `condition`: its thread when that ends while the client is open; the client's `close()`
/// when it is idle; its thread at the end of its call when `close()` came during the call.
/// `close()` returns only once every one is closed, so nothing of the client is open in its
/// context afterwards (terminating a context waits for all its sockets).
final class RPCCallerSockets: @unchecked Sendable {
    private let condition = NSCondition()
    private var sockets: [ObjectIdentifier: RPCCallerSocket] = [:]
    private var closing = false
    private let make: () -> RPCCallerSocket

    init(make: @escaping () -> RPCCallerSocket) {
        self.make = make
    }

    // Only reached after `closeAll` (the client's `deinit` calls it); a socket left open here
    // would have no thread using it any more.
    deinit {
        for socket in sockets.values where !socket.closed { socket.close() }
    }

    /// The calling thread's socket, made on its first call, marked busy until `checkIn`; nil
    /// once the client is closing.
    func checkOut() -> RPCCallerSocket? {
        let thread = RPCCallerThread.current
        let known = thread.socket(of: self)
        return condition.withLock { () -> RPCCallerSocket? in
            guard !closing else { return nil }
            let socket: RPCCallerSocket
            if let known {
                socket = known
            } else {
                socket = make()
                sockets[ObjectIdentifier(socket)] = socket
                thread.add(socket, of: self)
            }
            guard !socket.closed else { return nil }
            socket.busy = true
            return socket
        }
    }

    /// Ends the thread's call; closes its socket when the client began closing meanwhile.
    func checkIn(_ socket: RPCCallerSocket) {
        condition.withLock {
            socket.busy = false
            guard closing, !socket.closed else { return }
            socket.close()
            socket.closed = true
            condition.broadcast()
        }
    }

    /// Closes every idle socket now and waits for the busy ones to be closed by their threads
    /// as their calls end (each notices the client closing within a poll slice). Idempotent.
    /// Every close happens under the lock, so a socket is closed once and `close()` returns
    /// after the last.
    func closeAll() {
        condition.withLock {
            closing = true
            // An idle socket's thread touches it no more once `closing` is set, and the lock
            // orders its last use before this close: libzmq allows a socket to change threads so.
            for socket in sockets.values where !socket.busy && !socket.closed {
                socket.close()
                socket.closed = true
            }
            while sockets.values.contains(where: { !$0.closed }) { condition.wait() }
        }
    }

    /// Number of sockets not closed yet, for tests.
    var openCount: Int { condition.withLock { sockets.values.filter { !$0.closed }.count } }

    /// Called on `socket`'s thread as it ends: the socket is closed there, unless `closeAll`
    /// already did, and forgotten.
    func threadEnded(_ socket: RPCCallerSocket) {
        condition.withLock {
            sockets[ObjectIdentifier(socket)] = nil
            guard !socket.closed else { return }
            socket.close()
            socket.closed = true
        }
    }
}
