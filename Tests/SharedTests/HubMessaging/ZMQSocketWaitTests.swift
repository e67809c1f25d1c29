import CZeroMQ
import Foundation
import HubRuntime
import XCTest

@testable import HubMessaging

/// The two waits the RPC threads use instead of `zmq_poll`: a receive with a timeout, and a
/// wait on a socket's signal descriptor right after a receive found nothing.
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

    func testAWaitAfterAReceiveFoundNothingWakesForEachMessageSentAfterIt() throws {
        let (reader, writer) = try pair()
        let signal = try reader.signalDescriptor()
        let wake = try WakePipe()
        let send = DispatchSemaphore(value: 0)
        let rounds = 200
        DispatchQueue.global().async {
            for n in 0..<rounds {
                guard send.wait(timeout: .now() + 10) == .success else { return }
                _ = try? writer.send([Data("m\(n)".utf8)], dontWait: false)
            }
        }
        for n in 0..<rounds {
            // Given a receive that found nothing
            XCTAssertNil(try reader.receive())
            // When a message is sent only after it
            send.signal()
            // Then the wait on the signal descriptor wakes for it (none is missed: a missed
            // wake would wait out the 5 s and the message would not be there)
            var frames: [Data]?
            let deadline = DispatchTime.now() + 5
            while frames == nil, DispatchTime.now() < deadline {
                let ready = try ZMQSocket.waitAfterDrain(signal: signal, alsoReading: wake.readFD, timeoutMs: 5_000)
                XCTAssertFalse(ready.fd)
                guard ready.socket else { break }
                frames = try reader.receive()
            }
            XCTAssertEqual(frames, [Data("m\(n)".utf8)], "round \(n)")
            guard frames != nil else { return }
        }
    }

    func testAWaitAfterDrainWakesForTheOtherDescriptorAndOtherwiseTimesOut() throws {
        let (reader, _) = try pair()
        let signal = try reader.signalDescriptor()
        let wake = try WakePipe()
        XCTAssertNil(try reader.receive())

        // Given nothing sent and nothing woken, the wait ends at its timeout with nothing ready
        var start = DispatchTime.now()
        var ready = try ZMQSocket.waitAfterDrain(signal: signal, alsoReading: wake.readFD, timeoutMs: 100)
        XCTAssertFalse(ready.socket)
        XCTAssertFalse(ready.fd)
        XCTAssertGreaterThanOrEqual(millisecondsSince(start), 90)

        // When the other descriptor is woken, the wait returns at once and says which
        wake.wake()
        start = DispatchTime.now()
        ready = try ZMQSocket.waitAfterDrain(signal: signal, alsoReading: wake.readFD, timeoutMs: 10_000)
        XCTAssertTrue(ready.fd)
        XCTAssertFalse(ready.socket)
        XCTAssertLessThan(millisecondsSince(start), 5_000)
    }
}
