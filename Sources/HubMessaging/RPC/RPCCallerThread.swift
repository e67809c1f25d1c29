import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one thread holds of the clients it made blocking calls on: its socket of each, found
/// through one thread-local key for the whole process. A key per client ran out: glibc has
/// 1,024, a test process keeps its clients long after closing them, and a failed
/// `pthread_key_create` left the key at 0, another library's key, whose destructor then ran
/// on this thread's value at thread exit (a crash inside libglib).
///
/// Touched by its own thread only; its entries are weak, so a client gone frees its sockets
/// while the thread lives on.
final class RPCCallerThread {
    private struct Entry {
        weak var owner: RPCCallerSockets?
        weak var socket: RPCCallerSocket?
    }

    private var entries: [Entry] = []

    /// The process's key; its destructor tells each live client that the thread ended.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<RPCCallerThread>.fromOpaque(raw).takeRetainedValue().ended()
        }
        // Without a key of its own the client could only write into another library's.
        guard status == 0 else { fatalError("pthread_key_create failed: \(status)") }
        return key
    }()

    /// The calling thread's record, made on its first blocking call.
    static var current: RPCCallerThread {
        if let raw = pthread_getspecific(key) { return Unmanaged<RPCCallerThread>.fromOpaque(raw).takeUnretainedValue() }
        let made = RPCCallerThread()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// This thread's socket of `owner`, if it has one.
    func socket(of owner: RPCCallerSockets) -> RPCCallerSocket? {
        for entry in entries where entry.owner === owner { return entry.socket }
        return nil
    }

    /// Remembers `socket` as this thread's of `owner`, forgetting those of clients gone.
    func add(_ socket: RPCCallerSocket, of owner: RPCCallerSockets) {
        entries.removeAll { $0.owner == nil || $0.socket == nil || $0.owner === owner }
        entries.append(Entry(owner: owner, socket: socket))
    }

    /// The thread is ending: each client still there closes this thread's socket, on this
    /// thread, unless its `close()` already did. A client gone closed them all itself.
    private func ended() {
        for entry in entries {
            guard let owner = entry.owner, let socket = entry.socket else { continue }
            owner.threadEnded(socket)
        }
        entries = []
    }
}
