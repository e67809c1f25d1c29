import Foundation

#if canImport(Glibc)
    import Glibc
    import HubRuntime
#endif

/// Closes, the way nginx's `lingering_close` does, the connections answered before their
/// request body was read (a 413, a bad signature, a missing token). Closing such a socket at
/// once while the client is still sending makes the kernel answer with a reset, and a client
/// that sends its whole body before reading (Python's urllib, many mobile stacks) then sees
/// the reset instead of the response. Here the response is already in the kernel's send
/// buffer: the socket is shut for writing (the client reads the response and an end of
/// stream) and what the client still sends is read and dropped, until it stops or a
/// deadline passes, and only then closed.
final class LingeringCloser: @unchecked Sendable {
    struct Limits {
        /// Sockets lingering at once; past it a socket is closed at once, as before.
        var maximumSockets = 1_024
        /// Longest silence from the client before the socket is closed.
        var idleTimeout: TimeInterval = 5
        /// Longest a socket lingers in all.
        var totalTime: TimeInterval = 30
    }

    private struct Entry {
        let fd: Int32
        let peer: String
        let since: UInt64
        var lastRead: UInt64
    }

    private let limits: Limits
    private let released: (String) -> Void
    private let wake: WakePipe
    private let lock = NSLock()
    private var adopted: [Entry] = []
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// `released` is told the peer of each socket once it is closed.
    init(limits: Limits, released: @escaping (String) -> Void) throws {
        self.limits = limits
        self.released = released
        wake = try WakePipe()
    }

    func start() {
        let thread = Thread.named("http-linger") { [self] in
            run()
            finished.signal()
        }
        lock.withLock { self.thread = thread }
        thread.start()
    }

    /// Takes ownership of `fd` (a duplicate of the connection's socket): false when full or
    /// stopped, and the caller closes it.
    func adopt(_ fd: Int32, peer: String) -> Bool {
        let now = HTTPRequestContext.monotonicNanos()
        let taken: Bool = lock.withLock {
            guard !stopping, thread != nil, adopted.count < limits.maximumSockets else { return false }
            _ = shutdown(fd, Int32(SHUT_WR))
            adopted.append(Entry(fd: fd, peer: peer, since: now, lastRead: now))
            return true
        }
        if taken { wake.wake() }
        return taken
    }

    /// Closes every lingering socket and ends the thread.
    func stop() {
        let running: Bool = lock.withLock {
            stopping = true
            return thread != nil
        }
        wake.wake()
        if running { finished.wait() }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (entries, stop) = lock.withLock { (adopted, stopping) }
            if stop {
                for entry in entries { close(entry) }
                lock.withLock { adopted.removeAll() }
                return
            }
            var fds = [pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
            fds += entries.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), entries.isEmpty ? -1 : 200)
            if fds[0].revents != 0 { wake.drain() }
            let now = HTTPRequestContext.monotonicNanos()
            var done: Set<Int32> = []
            var readAt: [Int32: UInt64] = [:]
            for (index, entry) in entries.enumerated() {
                let events = fds[index + 1].revents
                if events != 0 {
                    let n = recv(entry.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if n > 0 {
                        readAt[entry.fd] = now
                    } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        done.insert(entry.fd)
                    }
                }
                let idle = now &- (readAt[entry.fd] ?? entry.lastRead)
                if idle > UInt64(limits.idleTimeout * 1e9) || now &- entry.since > UInt64(limits.totalTime * 1e9) {
                    done.insert(entry.fd)
                }
            }
            guard !done.isEmpty || !readAt.isEmpty else { continue }
            let closing: [Entry] = lock.withLock {
                for i in adopted.indices { if let at = readAt[adopted[i].fd] { adopted[i].lastRead = at } }
                let leaving = adopted.filter { done.contains($0.fd) }
                adopted.removeAll { done.contains($0.fd) }
                return leaving
            }
            for entry in closing { close(entry) }
        }
    }

    private func close(_ entry: Entry) {
        Glibc.close(entry.fd)
        released(entry.peer)
    }
}
