import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `RPCCallerSocket`s of one `RPCClient`, one per thread that made a blocking call, found
/// through a thread-local key. The client's `close()` closes the idle ones at once and the
/// busy ones as their calls end; a thread that ends closes its own.
final class RPCCallerSockets: @unchecked Sendable {
    private var key = pthread_key_t()
    private let lock = NSLock()
    private var sockets: [ObjectIdentifier: RPCCallerSocket] = [:]
    private var closing = false
    private let make: () -> RPCCallerSocket

    init(make: @escaping () -> RPCCallerSocket) {
        self.make = make
        // The thread-local value holds a retained `Entry`; released when its thread ends.
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue().threadEnded()
        }
    }

    // Entries still set on live threads are forgotten with the key: a few bytes each, their
    // sockets closed by `closeAll` and freed with this set.
    deinit { pthread_key_delete(key) }

    /// The calling thread's socket, made on its first call, marked busy until `checkIn`; nil
    /// once the client is closing.
    func checkOut() -> RPCCallerSocket? {
        let raw = pthread_getspecific(key)
        let socket: RPCCallerSocket
        if let raw, let known = Unmanaged<Entry>.fromOpaque(raw).takeUnretainedValue().socket {
            socket = known
        } else {
            if let raw { Unmanaged<Entry>.fromOpaque(raw).release() }
            socket = make()
            lock.withLock { sockets[ObjectIdentifier(socket)] = socket }
            pthread_setspecific(key, Unmanaged.passRetained(Entry(owner: self, socket: socket)).toOpaque())
        }
        let taken = lock.withLock { () -> Bool in
            guard !closing, !socket.closed else { return false }
            socket.busy = true
            return true
        }
        return taken ? socket : nil
    }

    /// Ends the thread's call; closes its socket when the client began closing meanwhile.
    func checkIn(_ socket: RPCCallerSocket) {
        let close = lock.withLock { () -> Bool in
            socket.busy = false
            guard closing, !socket.closed else { return false }
            socket.closed = true
            return true
        }
        if close { socket.close() }
    }

    /// Closes every idle socket now; a busy one is closed by its thread when its call ends
    /// (it notices the client closing within a poll slice). Idempotent.
    func closeAll() {
        let idle = lock.withLock { () -> [RPCCallerSocket] in
            closing = true
            let idle = sockets.values.filter { !$0.busy && !$0.closed }
            for socket in idle { socket.closed = true }
            return idle
        }
        // Handing an idle socket to this thread is safe: the lock is a full memory barrier.
        for socket in idle { socket.close() }
    }

    private func threadEnded(_ socket: RPCCallerSocket) {
        let close = lock.withLock { () -> Bool in
            sockets[ObjectIdentifier(socket)] = nil
            defer { socket.closed = true }
            return !socket.closed
        }
        if close { socket.close() }
    }

    /// What a thread's key holds: the socket, and the set to tell when the thread ends. Both
    /// weak: the set owns its sockets, so a client gone frees them (and their sockets' loop)
    /// even while the threads that used it live on.
    private final class Entry {
        weak var owner: RPCCallerSockets?
        weak var socket: RPCCallerSocket?

        init(owner: RPCCallerSockets, socket: RPCCallerSocket) {
            self.owner = owner
            self.socket = socket
        }

        func threadEnded() {
            guard let socket else { return }
            if let owner { owner.threadEnded(socket) } else { socket.close() }
        }
    }
}
