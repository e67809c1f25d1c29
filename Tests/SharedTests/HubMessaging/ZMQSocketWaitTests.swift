import CZeroMQ
import Foundation
import HubRuntime
import XCTest

@testable import HubMessaging

/// The wait the RPC threads use instead of `zmq_poll`: a receive with a timeout.
final class ZMQSocketWaitTests: XCTestCase {
    private var sockets: [ZMQSocket] = []

    override func tearDown() {
        for socket in sockets { socket.close() }
        sockets = []
        super.tearDown()
    }

    /// A connected PAIR: (the side the test reads, the side another thread writes).
    private func pair() throws -> (reader: ZMQSocket, writer: ZMQSocket) {
        let endpoint = "inproc://zmq-wait-\(UUID().uuidString)"
        let reader = try ZMQSocket(kind: .pair)
        let writer = try ZMQSocket(kind: .pair)
        sockets += [reader, writer]
        for socket in [reader, writer] { try socket.setOption(ZMQ_LINGER, 0) }
        try reader.bind(endpoint)
        try writer.connect(endpoint)
        return (reader, writer)
    }

    private func millisecondsSince(_ start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    func testAReceiveWithATimeoutWaitsThatLongForNothingAndReturnsAMessageAsItComes() throws {
        let (reader, writer) = try pair()
        // Given nothing sent, a receive waiting 150 ms returns nothing after about that long
        var start = DispatchTime.now()
        XCTAssertNil(try reader.receive(timeoutMs: 150))
        XCTAssertGreaterThanOrEqual(millisecondsSince(start), 140)

        // When another thread sends while a receive waits up to 10 s
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? writer.send([Data("late".utf8)], dontWait: false)
            sent.signal()
        }
        start = DispatchTime.now()
        let frames = try reader.receive(timeoutMs: 10_000)

        // Then the message is returned as it comes, far sooner than the timeout
        XCTAssertEqual(frames, [Data("late".utf8)])
        XCTAssertLessThan(millisecondsSince(start), 5_000)
        XCTAssertEqual(sent.wait(timeout: .now() + 5), .success)

        // And a receive without waiting still returns at once, whatever timeout was set before
        start = DispatchTime.now()
        XCTAssertNil(try reader.receive())
        XCTAssertLessThan(millisecondsSince(start), 100)
    }
}
