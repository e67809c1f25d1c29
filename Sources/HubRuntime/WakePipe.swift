import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A self-pipe that lets any thread wake a thread blocked in `zmq_poll` or `poll`: the read
/// end is polled as a raw fd next to the sockets. Both ends are non-blocking, so a full pipe
/// never stalls a writer (one pending byte is enough to wake the poller).
public final class WakePipe: @unchecked Sendable {
    public let readFD: Int32
    private let writeFD: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SystemCallError(operation: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        Glibc.close(readFD)
        Glibc.close(writeFD)
    }

    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe so the next poll blocks again.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }
}
