import CZeroMQ
import Foundation

extension ZMQSocket {
    /// One thing to wait on in `ZMQSocket.poll`.
    public enum PollItem {
        /// A socket, for reading, and for writing too when `writable` is set.
        case socket(ZMQSocket, writable: Bool)
        /// A plain file descriptor, for reading.
        case fd(Int32)
    }

    /// What `poll` found ready for one item.
    public struct Readiness: Equatable {
        public var readable: Bool
        public var writable: Bool

        public static let none = Readiness(readable: false, writable: false)
    }

    /// Waits up to `timeoutMs` (-1: forever) until one of `items` is ready; returns the
    /// readiness of each, in order. An interrupted wait returns nothing ready.
    public static func poll(_ items: [PollItem], timeoutMs: Int) throws -> [Readiness] {
        let pollIn = Int16(ZMQ_POLLIN)
        let pollOut = Int16(ZMQ_POLLOUT)
        var raw: [zmq_pollitem_t] = []
        for item in items {
            switch item {
            case .socket(let socket, let writable):
                guard let handle = socket.rawHandle else { throw ZMQError(operation: "poll", errno: ENOTSOCK) }
                raw.append(zmq_pollitem_t(socket: handle, fd: 0, events: writable ? pollIn | pollOut : pollIn, revents: 0))
            case .fd(let fd):
                raw.append(zmq_pollitem_t(socket: nil, fd: fd, events: pollIn, revents: 0))
            }
        }
        // Sockets passed in stay alive until zmq_poll returns.
        let rc = withExtendedLifetime(items) { zmq_poll(&raw, Int32(raw.count), timeoutMs) }
        if rc < 0 {
            let err = zmq_errno()
            if err == EINTR { return Array(repeating: .none, count: items.count) }
            throw ZMQError(operation: "poll", errno: err)
        }
        return raw.map { Readiness(readable: $0.revents & pollIn != 0, writable: $0.revents & pollOut != 0) }
    }

    /// Waits up to `timeoutMs` until this socket has a message to read.
    public func waitReadable(timeoutMs: Int) throws -> Bool {
        try Self.poll([.socket(self, writable: false)], timeoutMs: timeoutMs)[0].readable
    }
}
