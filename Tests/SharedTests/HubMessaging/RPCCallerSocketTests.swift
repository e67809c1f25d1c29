import Foundation
import TestSupport
import XCTest

@testable import HubMessaging

/// Blocking calls on the calling thread's own socket: they do not wait on the client's I/O
/// thread, and keep the deadline, close and reconnect rules of the asynchronous path.
final class RPCCallerSocketTests: RPCTestCase {

    private func makeServer(_ name: String) throws -> RPCServer {
        let server = try RPCServer(name: "echod", endpoint: dir.endpoint(name), clock: clock, logger: logger)
        server.register(TestEcho.self) { request, _ in
            if request.n > 0 { Thread.sleep(forTimeInterval: Double(request.n) / 1000) }
            return request
        }
        return started(server)
    }

    func testABlockingCallIsAnsweredWhileTheIOThreadIsHeldByACompletion() throws {
        // Given a client whose I/O thread is held inside an asynchronous call's completion
        let server = try makeServer("held.sock")
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 2)
        let inCompletion = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        client.call(TestEcho.self, .init(text: "hold", n: 0)) { _ in
            inCompletion.signal()
            _ = release.wait(timeout: .now() + 10)
        }
        defer { release.signal() }
        XCTAssertEqual(inCompletion.wait(timeout: .now() + 2), .success)

        // When another thread makes a blocking call with a 1 s deadline
        var result: Result<TestEcho.Response, RPCError>!
        let elapsed = measureSeconds { result = client.call(TestEcho.self, .init(text: "direct", n: 7), timeout: 1) }

        // Then it is answered, well within its deadline, without the I/O thread
        XCTAssertEqual(result.successValue, TestEcho.Response(text: "direct", n: 7))
        XCTAssertLessThan(elapsed, 0.5)
    }

    func testOnlyTheIOThreadIsRefusedABlockingCallAndItsCloseDoesNotWaitForItself() throws {
        // Given a client that answered a blocking call from this thread
        let server = try makeServer("own.sock")
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 2)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "here", n: 0)).successValue?.text, "here")
        XCTAssertFalse(client.loopIsIOThreadForTests)

        // When a completion, on the I/O thread, makes a blocking call and then closes the client
        final class Seen: @unchecked Sendable {
            var onIOThread = false
            var blocking: Result<TestEcho.Response, RPCError>?
        }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        client.call(TestEcho.self, .init(text: "async", n: 0)) { _ in
            seen.onIOThread = client.loopIsIOThreadForTests
            seen.blocking = client.call(TestEcho.self, .init(text: "inner", n: 0))
            client.close()
            done.signal()
        }

        // Then the blocking call fails at once with INTERNAL, and the close returns there
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertTrue(seen.onIOThread)
        XCTAssertEqual(seen.blocking?.failureValue?.code, RPCError.Code.internal)
        // And once the I/O thread has ended no thread counts as it, so later calls fail as closed
        let closed = client.call(TestEcho.self, .init(text: "after", n: 0))
        XCTAssertEqual(closed.failureValue?.code, RPCError.Code.peerUnavailable)
    }

    func testABlockingCallInProgressFailsSoonAfterTheClientClosesAndLaterOnesAtOnce() throws {
        // Given a blocking call waiting on a 2-second handler with a 5-second deadline
        let server = try makeServer("closing.sock")
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 5)
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "warm", n: 0)).successValue)
        final class Outcome: @unchecked Sendable { var result: Result<TestEcho.Response, RPCError>? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            started.signal()
            outcome.result = client.call(TestEcho.self, .init(text: "slow", n: 2000))
            done.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 2), .success)
        Thread.sleep(forTimeInterval: 0.2)

        // When the client closes
        client.close()

        // Then the waiting call fails PEER_UNAVAILABLE within half a second, not at its deadline
        XCTAssertEqual(done.wait(timeout: .now() + 0.5), .success)
        XCTAssertEqual(outcome.result?.failureValue?.code, RPCError.Code.peerUnavailable)
        // And a call after close fails at once
        var late: Result<TestEcho.Response, RPCError>!
        XCTAssertLessThan(measureSeconds { late = client.call(TestEcho.self, .init(text: "late", n: 0)) }, 0.1)
        XCTAssertEqual(late.failureValue?.code, RPCError.Code.peerUnavailable)
    }

    func testACallRightAfterThePeerRestartedBetweenCallsIsAnswered() throws {
        // Given a thread whose socket was connected to a server
        let endpoint = dir.endpoint("restarted.sock")
        let first = try makeServer("restarted.sock")
        let client = try makeClient(endpoint, peer: "echod", timeout: 2)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "one", n: 0)).successValue?.text, "one")

        // (a second connection to the same server tells when its end has reached this process)
        let watcher = try RPCClientConnection(endpoint: endpoint, context: .shared)
        defer { watcher.close() }
        XCTAssertTrue(
            try eventually(timeout: 2) {
                try watcher.readEvents()
                return watcher.isConnected
            })

        // When the server is replaced on the same endpoint while the thread makes no call, and
        // the thread calls at once
        first.stop()
        XCTAssertTrue(
            try eventually(timeout: 2) {
                try watcher.readEvents()
                return watcher.disconnects > 0
            })
        _ = try makeServer("restarted.sock")
        let result = client.call(TestEcho.self, .init(text: "two", n: 0))

        // Then the call waits for the new connection instead of failing on the old one's end
        XCTAssertEqual(result.successValue?.text, "two", "\(result)")
    }

    func testEachThreadGetsItsOwnRepliesAndAThreadThatEndsLeavesTheClientWorking() throws {
        // Given a client used by short-lived threads, each making calls of its own
        let server = try makeServer("threads.sock")
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 2)
        final class Mismatches: @unchecked Sendable {
            let lock = NSLock()
            var seen: [String] = []
        }
        let wrong = Mismatches()
        let group = DispatchGroup()

        // When 6 threads make 20 calls each and end
        for t in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                for i in 0..<20 {
                    let result = client.call(TestEcho.self, .init(text: "t\(t)", n: 0))
                    if result.successValue?.text != "t\(t)" { wrong.lock.withLock { wrong.seen.append("\(t)/\(i): \(result)") } }
                }
                group.leave()
            }
        }

        // Then every call got its own reply, and the client still answers afterwards
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(wrong.lock.withLock { wrong.seen }, [])
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "after", n: 0)).successValue?.text, "after")
    }

    func testThreadsCallingAndEndingStayCorrectWithMoreClientsInTheProcessThanThreadKeys() throws {
        // Given more clients made (and closed, but still held, as a test process holds its
        // fixtures') than glibc's 1,024 thread-local keys, and one live client
        try requireDescriptors(4_096)
        let server = try makeServer("keys.sock")
        var held: [RPCClient] = []
        for _ in 0..<1_100 {
            let idle = try RPCClient(peer: "echod", endpoint: server.boundEndpoint, clock: clock, logger: logger)
            idle.close()
            held.append(idle)
        }
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 2)

        // When fresh threads each make two blocking calls on it and end
        final class Answers: @unchecked Sendable {
            let lock = NSLock()
            var texts: [String] = []
        }
        let answers = Answers()
        for t in 0..<4 {
            let ended = DispatchSemaphore(value: 0)
            let thread = Thread {
                for i in 0..<2 {
                    let text = client.call(TestEcho.self, .init(text: "\(t).\(i)", n: 0)).successValue?.text ?? "failed"
                    answers.lock.withLock { answers.texts.append(text) }
                }
                ended.signal()
            }
            thread.start()
            XCTAssertEqual(ended.wait(timeout: .now() + 5), .success)
            // Then each thread's socket is closed as its thread ends
            XCTAssertTrue(eventually(timeout: 2) { client.openCallerSockets == 0 }, "thread \(t)")
        }

        // And every call was answered on its own thread's socket
        XCTAssertEqual(answers.lock.withLock { answers.texts }, ["0.0", "0.1", "1.0", "1.1", "2.0", "2.1", "3.0", "3.1"])
        XCTAssertEqual(held.count, 1_100)
    }

    func testCloseReturnsOnlyOnceTheSocketsOfThreadsStillInACallAreClosed() throws {
        // Given 8 threads waiting in blocking calls on a 2-second handler with a 5-second deadline
        let server = try makeServer("busy.sock")
        let client = try makeClient(server.boundEndpoint, peer: "echod", timeout: 5)
        let group = DispatchGroup()
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                started.signal()
                _ = client.call(TestEcho.self, .init(text: "slow", n: 2000))
                group.leave()
            }
        }
        for _ in 0..<8 { XCTAssertEqual(started.wait(timeout: .now() + 2), .success) }
        XCTAssertTrue(eventually(timeout: 2) { client.openCallerSockets == 8 })

        // When the client closes
        let elapsed = measureSeconds { client.close() }

        // Then no socket of the client is open once close returns, which took well under the
        // calls' deadline, and every call has ended
        XCTAssertEqual(client.openCallerSockets, 0)
        XCTAssertLessThan(elapsed, 1)
        XCTAssertEqual(group.wait(timeout: .now() + 1), .success)
    }
}
