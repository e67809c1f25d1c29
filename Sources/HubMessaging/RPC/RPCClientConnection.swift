import CZeroMQ
import Foundation

/// One DEALER socket of an `RPCClient` and the monitor that tells whether it has a live
/// connection. Owned by the client's I/O thread; replaced as a whole on reconnect.
///
/// `ZMQ_IMMEDIATE` would make sends fail at once without a connection, but libzmq then
/// discards replies already received and not yet read when the peer disconnects (a server
/// answering its last request and exiting on SIGTERM). So the socket queues normally and
/// the client itself holds calls back while the monitor reports no connection.
///
/// With CURVE the connection counts only once the handshake succeeded: a server that refuses
/// this client's key accepts the TCP connection, then drops it, so calls fail fast with
/// `PEER_UNAVAILABLE` rather than wait out their deadline.
final class RPCClientConnection {
    let dealer: ZMQSocket
    let monitor: ZMQSocket
    /// A transport connection is up, as last reported by the monitor.
    private(set) var isConnected = false
    /// Disconnections the monitor reported so far, so a caller sees one even when the
    /// connection came back before it looked.
    private(set) var disconnects = 0
    /// The monitor event that means the connection is usable.
    private let upEvent: Int32

    init(endpoint: String, context: ZMQContext, curve: CurveClientKeys? = nil) throws {
        let dealer = try ZMQSocket(context: context, kind: .dealer)
        // Unanswered requests are dropped on close: their callers were already failed.
        try dealer.setOption(ZMQ_LINGER, 0)
        try dealer.setOption(ZMQ_IMMEDIATE, 0)
        try dealer.setOption(ZMQ_SNDHWM, RPCDefaults.highWaterMark)
        try dealer.setOption(ZMQ_RCVHWM, RPCDefaults.highWaterMark)
        try dealer.setOption64(ZMQ_MAXMSGSIZE, RPCDefaults.maxMessageBytes)
        if let curve { try dealer.makeCurveClient(curve) }
        upEvent = curve == nil ? ZMQ_EVENT_CONNECTED : ZMQ_EVENT_HANDSHAKE_SUCCEEDED
        let monitor = try dealer.monitor(events: upEvent | ZMQ_EVENT_DISCONNECTED)
        do {
            try dealer.connect(endpoint)
        } catch {
            dealer.stopMonitor()
            monitor.close()
            throw error
        }
        self.dealer = dealer
        self.monitor = monitor
    }

    /// Applies the monitor events waiting; returns true when the connection state changed.
    @discardableResult
    func readEvents() throws -> Bool {
        let before = isConnected
        while let event = try monitor.receiveMonitorEvent() {
            if event.event == upEvent { isConnected = true }
            if event.event == ZMQ_EVENT_DISCONNECTED {
                isConnected = false
                disconnects += 1
            }
        }
        return before != isConnected
    }

    func close() {
        dealer.stopMonitor()
        monitor.close()
        dealer.close()
    }
}
