import CZeroMQ
import Foundation

extension ZMQSocket {
    /// A connection event read from a monitor socket.
    public struct MonitorEvent: Equatable {
        /// `ZMQ_EVENT_CONNECTED`, `ZMQ_EVENT_DISCONNECTED`, …
        public let event: Int32
        public let endpoint: String
    }

    /// Starts reporting `events` of this socket and returns the PAIR socket they arrive on.
    /// Call before `connect` so the first connection is seen. The caller owns the returned
    /// socket on the same thread as this one, and calls `stopMonitor()` before closing both.
    public func monitor(events: Int32) throws -> ZMQSocket {
        let address = "inproc://monitor-" + UUID().uuidString.lowercased()
        guard let handle = rawHandle else { throw ZMQError(operation: "socket_monitor", errno: ENOTSOCK) }
        if zmq_socket_monitor(handle, address, events) != 0 { throw ZMQError.last("socket_monitor") }
        let pair = try ZMQSocket(context: context, kind: .pair)
        try pair.setOption(ZMQ_LINGER, 0)
        try pair.connect(address)
        return pair
    }

    /// Stops the monitor started by `monitor(events:)`.
    public func stopMonitor() {
        guard let handle = rawHandle else { return }
        zmq_socket_monitor(handle, nil, 0)
    }

    /// Reads one event from a monitor PAIR socket; nil when none is waiting or the message
    /// is not an event.
    public func receiveMonitorEvent() throws -> MonitorEvent? {
        guard let frames = try receive(), frames.count == 2, frames[0].count >= 6 else { return nil }
        // First frame: 16-bit event number then 32-bit value, in host byte order.
        let event = frames[0].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
        return MonitorEvent(event: Int32(event), endpoint: String(decoding: frames[1], as: UTF8.self))
    }
}
