import CZeroMQ
import Foundation
import HubMessaging

/// The ceiling of the hop: a DEALER/ROUTER round trip through the libzmq C API alone, a
/// client sending `request` bytes and a server thread answering each with `reply` bytes in
/// a tight loop, with none of the hub's code in between.
final class BareZMQEcho: @unchecked Sendable {
    private let context: UnsafeMutableRawPointer
    private let router: UnsafeMutableRawPointer
    private let dealer: UnsafeMutableRawPointer
    private let reply: [UInt8]
    private let request: [UInt8]
    private let finished = DispatchSemaphore(value: 0)
    /// Where the client reads replies; used by the calling thread only.
    private var received: [UInt8]

    init(endpoint: String, requestBytes: Int, replyBytes: Int) {
        context = zmq_ctx_new()
        router = zmq_socket(context, ZMQ_ROUTER)
        dealer = zmq_socket(context, ZMQ_DEALER)
        var linger: Int32 = 0
        zmq_setsockopt(router, ZMQ_LINGER, &linger, 4)
        zmq_setsockopt(dealer, ZMQ_LINGER, &linger, 4)
        precondition(zmq_bind(router, endpoint) == 0, "bind \(endpoint)")
        precondition(zmq_connect(dealer, endpoint) == 0, "connect \(endpoint)")
        request = [UInt8](repeating: UInt8(ascii: "r"), count: requestBytes)
        reply = [UInt8](repeating: UInt8(ascii: "a"), count: replyBytes)
        received = [UInt8](repeating: 0, count: replyBytes + 64)
        let thread = Thread.named("bare-echo") { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    /// Receives identity and payload, sends identity and the reply; ends when the context does.
    private func serve() {
        var identity = zmq_msg_t()
        var payload = zmq_msg_t()
        zmq_msg_init(&identity)
        zmq_msg_init(&payload)
        defer {
            zmq_msg_close(&identity)
            zmq_msg_close(&payload)
            zmq_close(router)
        }
        while true {
            guard zmq_msg_recv(&identity, router, 0) >= 0, zmq_msg_recv(&payload, router, 0) >= 0 else { return }
            guard zmq_msg_send(&identity, router, ZMQ_SNDMORE) >= 0 else { return }
            let sent = reply.withUnsafeBytes { zmq_send(router, $0.baseAddress, $0.count, 0) }
            guard sent >= 0 else { return }
        }
    }

    /// One round trip from the calling thread.
    func roundTrip() {
        _ = request.withUnsafeBytes { zmq_send(dealer, $0.baseAddress, $0.count, 0) }
        _ = received.withUnsafeMutableBytes { zmq_recv(dealer, $0.baseAddress, $0.count, 0) }
    }

    func close() {
        zmq_close(dealer)
        zmq_ctx_shutdown(context)
        finished.wait()
        zmq_ctx_term(context)
    }
}
