import CZeroMQ
import Foundation

/// Owns one libzmq socket handle. A socket has exactly one owner thread at a time: it may
/// be created on one thread and handed to another before use, never used from two.
public final class ZMQSocket: @unchecked Sendable {
    /// The socket types the hub uses.
    public enum Kind {
        case router, dealer, pair, rep

        var rawValue: Int32 {
            switch self {
            case .router: return ZMQ_ROUTER
            case .dealer: return ZMQ_DEALER
            case .pair: return ZMQ_PAIR
            case .rep: return ZMQ_REP
            }
        }
    }

    /// Bound on the frames of one message read by `receive`; extra frames are read and dropped.
    public static let maxFrames = 16

    public let kind: Kind
    private var handle: UnsafeMutableRawPointer?
    /// `ZMQ_RCVTIMEO` as `receive(timeoutMs:)` last set it; -1 (wait forever) is libzmq's default.
    private var receiveTimeout: Int32 = -1

    public let context: ZMQContext

    public init(context: ZMQContext = .shared, kind: Kind) throws {
        guard let ctx = context.handle else { throw ZMQError(operation: "socket", errno: ETERM) }
        guard let raw = zmq_socket(ctx, kind.rawValue) else { throw ZMQError.last("socket") }
        self.context = context
        self.kind = kind
        handle = raw
    }

    deinit { close() }

    /// The raw handle, for `zmq_poll`.
    var rawHandle: UnsafeMutableRawPointer? { handle }

    /// Whether `close()` has run.
    public var isClosed: Bool { handle == nil }

    private func live(_ operation: String) throws -> UnsafeMutableRawPointer {
        guard let handle else { throw ZMQError(operation: operation, errno: ENOTSOCK) }
        return handle
    }

    /// Sets an integer option (`ZMQ_LINGER`, `ZMQ_IMMEDIATE`, `ZMQ_SNDHWM`, …).
    public func setOption(_ option: Int32, _ value: Int32) throws {
        var v = value
        if zmq_setsockopt(try live("setsockopt"), option, &v, MemoryLayout<Int32>.size) != 0 {
            throw ZMQError.last("setsockopt")
        }
    }

    /// Sets a 64-bit option (`ZMQ_MAXMSGSIZE`).
    public func setOption64(_ option: Int32, _ value: Int64) throws {
        var v = value
        if zmq_setsockopt(try live("setsockopt"), option, &v, MemoryLayout<Int64>.size) != 0 {
            throw ZMQError.last("setsockopt")
        }
    }

    public func bind(_ endpoint: String) throws {
        if zmq_bind(try live("bind"), endpoint) != 0 { throw ZMQError.last("bind") }
    }

    public func connect(_ endpoint: String) throws {
        if zmq_connect(try live("connect"), endpoint) != 0 { throw ZMQError.last("connect") }
    }

    /// The endpoint last bound or connected, with a wildcard port resolved (`ZMQ_LAST_ENDPOINT`).
    public func lastEndpoint() throws -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        var size = buffer.count
        if zmq_getsockopt(try live("getsockopt"), ZMQ_LAST_ENDPOINT, &buffer, &size) != 0 {
            throw ZMQError.last("getsockopt")
        }
        return String(cString: buffer)
    }

    /// Sends one message made of `frames`. Returns false when it would block (`EAGAIN`):
    /// no connected peer under `ZMQ_IMMEDIATE`, or the send queue is at its high-water mark.
    @discardableResult
    public func send(_ frames: [Data], dontWait: Bool = true) throws -> Bool {
        precondition(!frames.isEmpty, "a message has at least one frame")
        return try send(frames.dropLast(), then: frames[frames.count - 1], dontWait: dontWait)
    }

    /// Sends one message made of `head`'s frames and then `last`, with no array made to hold
    /// them together (a ROUTER's reply: the request's identity frames, then the reply).
    @discardableResult
    public func send(_ head: ArraySlice<Data>, then last: some ContiguousBytes, dontWait: Bool = true) throws -> Bool {
        let socket = try live("send")
        let more: Int32 = (dontWait ? ZMQ_DONTWAIT : 0) | ZMQ_SNDMORE
        var first = true
        for frame in head {
            guard try Self.send(frame, on: socket, flags: more, first: first) else { return false }
            first = false
        }
        return try Self.send(last, on: socket, flags: dontWait ? ZMQ_DONTWAIT : 0, first: first)
    }

    /// Sends one frame; false on `EAGAIN` for the first frame of a message. Later frames of a
    /// message are accepted atomically once the first is, so `EAGAIN` can only happen there.
    private static func send(_ frame: some ContiguousBytes, on socket: UnsafeMutableRawPointer, flags: Int32, first: Bool) throws -> Bool {
        while true {
            let rc = frame.withUnsafeBytes { zmq_send(socket, $0.baseAddress, $0.count, flags) }
            if rc >= 0 { return true }
            let err = zmq_errno()
            if err == EINTR { continue }
            if err == EAGAIN && first { return false }
            throw ZMQError(operation: "send", errno: err)
        }
    }

    /// Receives one whole message, waiting up to `timeoutMs` for it (through `ZMQ_RCVTIMEO`,
    /// then a blocking receive); nil when none came. One `poll` system call for the wait, where
    /// `ZMQSocket.poll` and then `receive()` make four.
    public func receive(timeoutMs: Int) throws -> [Data]? {
        let timeout = Int32(clamping: max(timeoutMs, 0))
        if timeout != receiveTimeout {
            try setOption(ZMQ_RCVTIMEO, timeout)
            receiveTimeout = timeout
        }
        return try receive(flags: 0)
    }

    /// Receives one whole message. Returns nil when nothing is waiting and `dontWait` is set.
    public func receive(dontWait: Bool = true) throws -> [Data]? {
        try receive(flags: dontWait ? ZMQ_DONTWAIT : 0)
    }

    /// `flags` apply to the first frame; an `EAGAIN` there (nothing waiting, or
    /// `ZMQ_RCVTIMEO` passed) is nil.
    private func receive(flags firstFlags: Int32) throws -> [Data]? {
        let socket = try live("recv")
        var frames: [Data] = []
        var msg = zmq_msg_t()
        zmq_msg_init(&msg)
        defer { zmq_msg_close(&msg) }
        var first = true
        while true {
            let flags: Int32 = first ? firstFlags : 0
            if zmq_msg_recv(&msg, socket, flags) < 0 {
                let err = zmq_errno()
                if err == EINTR { continue }
                if err == EAGAIN && first { return nil }
                throw ZMQError(operation: "recv", errno: err)
            }
            if first {
                // Sized once for the message: grown from empty, two frames cost two allocations.
                frames.reserveCapacity(zmq_msg_more(&msg) == 0 ? 1 : 4)
                first = false
            }
            if frames.count < Self.maxFrames {
                let size = zmq_msg_size(&msg)
                frames.append(size == 0 ? Data() : Data(bytes: zmq_msg_data(&msg), count: size))
            }
            if zmq_msg_more(&msg) == 0 { return frames }
        }
    }

    /// Closes the handle; idempotent. Unsent messages follow `ZMQ_LINGER`.
    public func close() {
        guard let handle else { return }
        zmq_close(handle)
        self.handle = nil
    }
}
