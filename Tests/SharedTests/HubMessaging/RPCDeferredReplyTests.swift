import Foundation
import XCTest

@testable import HubMessaging

final class RPCDeferredReplyTests: RPCTestCase {
    func testADeferredHandlerDoesNotHoldTheServerThread() throws {
        // Given a server whose JobRun handler answers only when the test releases it
        let server = try RPCServer(name: "testd", endpoint: dir.endpoint("d.sock"), clock: clock, logger: logger)
        let release = DispatchSemaphore(value: 0)
        server.registerDeferred(JobRun.self) { request, _, reply in
            DispatchQueue.global().async {
                release.wait()
                reply(.success(JobRun.Response(processed: request.name.count)))
                // A second answer is ignored: the caller gets exactly one reply.
                reply(.success(JobRun.Response(processed: -1)))
            }
        }
        server.register(TestEcho.self) { request, _ in request }
        let client = try makeClient(dir.endpoint("d.sock"), peer: "testd", timeout: 5)
        _ = started(server)

        // When the deferred call is in flight and another call is made
        let deferred = expectation(description: "deferred reply")
        var outcome: Result<JobRun.Response, RPCError>?
        client.call(JobRun.self, JobRun.Request(name: "abcd")) { result in
            outcome = result
            deferred.fulfill()
        }
        let echo = client.call(TestEcho.self, TestEcho.Request(text: "meanwhile", n: 1))

        // Then the other call is answered while the first still waits, and the first gets its own reply
        XCTAssertEqual(try echo.get().text, "meanwhile")
        XCTAssertNil(outcome)
        release.signal()
        wait(for: [deferred], timeout: 5)
        XCTAssertEqual(try outcome?.get().processed, 4)
        // And the reply, queued on another thread, woke the server thread once to be sent
        XCTAssertEqual(server.wakeUpsForTests, 1)
    }

    func testADeferredReplyIsEncodedByTheServerThreadNotByTheThreadThatAnswers() throws {
        // Given a deferred handler answered from a thread of the test's own, whose response
        // records the thread encoding it
        let server = try RPCServer(name: "testd", endpoint: dir.endpoint("w.sock"), clock: clock, logger: logger)
        let answering = ThreadRecord()
        server.registerDeferred(EncodedOn.self) { request, _, reply in
            Thread {
                answering.record()
                reply(.success(EncodedOn.Response(text: request.text)))
                answering.finish()
            }.start()
        }
        let client = try makeClient(dir.endpoint("w.sock"), peer: "testd", timeout: 5)
        _ = started(server)
        // When it is called
        let result = client.call(EncodedOn.self, EncodedOn.Request(text: "where"))
        // Then the caller gets the reply, encoded once, on another thread than the answering
        // one: the server thread, which sends it
        XCTAssertEqual(try result.get().text, "where")
        XCTAssertEqual(EncodedOn.encodings.threads.count, 1)
        XCTAssertNotNil(answering.thread)
        XCTAssertNotEqual(EncodedOn.encodings.threads.first, answering.thread)
    }

    func testADeferredFailureReachesTheCallerVerbatim() throws {
        // Given a deferred handler that fails later with an application error
        let server = try RPCServer(name: "testd", endpoint: dir.endpoint("e.sock"), clock: clock, logger: logger)
        server.registerDeferred(JobRun.self) { _, _, reply in
            DispatchQueue.global().async {
                reply(.failure(RPCError(code: "PASS_FAILED", message: "provider down", status: 502)))
            }
        }
        let client = try makeClient(dir.endpoint("e.sock"), peer: "testd", timeout: 5)
        _ = started(server)

        // When it is called
        let result = client.call(JobRun.self, JobRun.Request(name: "x"))

        // Then the caller sees the code and status
        guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)") }
        XCTAssertEqual(error.code, "PASS_FAILED")
        XCTAssertEqual(error.status, 502)
    }

    func testOnlyAReplyJoiningAnEmptyQueueWakesTheServerThread() {
        // Given an empty queue of deferred replies
        var queue = RPCDeferredReplies()
        let reply = { (n: UInt8) in (prefix: [Data([n])], frame: { [n, n] }) }
        // When three replies finish before the server thread takes them
        let wakes = (1...3).map { queue.append(reply($0)) }
        // Then the first wakes it, the others ride along, and it takes all three in order
        XCTAssertEqual(wakes, [true, false, false])
        XCTAssertEqual(queue.takeAll().map { $0.frame() }, [[1, 1], [2, 2], [3, 3]])
        // And once taken, the next reply finds the queue empty and wakes it again
        XCTAssertEqual(queue.takeAll().count, 0)
        XCTAssertTrue(queue.append(reply(4)))
        XCTAssertEqual(queue.takeAll().map(\.prefix), [[Data([4])]])
    }

    func testRepliesReleasedTogetherByOneThreadAllReachTheirCallers() throws {
        // Given a deferred handler whose replies a single thread releases in batches, as a
        // write batch's commit does
        let server = try RPCServer(name: "testd", endpoint: dir.endpoint("b.sock"), clock: clock, logger: logger)
        let held = HeldReplies()
        server.registerDeferred(JobRun.self) { request, _, reply in
            held.hold { reply(.success(JobRun.Response(processed: request.name.count))) }
        }
        let client = try makeClient(dir.endpoint("b.sock"), peer: "testd", timeout: 10)
        _ = started(server)

        // When 300 calls wait and their replies are sent in batches of up to 64 from one thread
        let calls = 300
        let done = expectation(description: "every reply")
        done.expectedFulfillmentCount = calls
        for n in 1...calls {
            client.call(JobRun.self, JobRun.Request(name: String(repeating: "x", count: n))) { result in
                held.record(call: n, processed: (try? result.get())?.processed ?? -1)
                done.fulfill()
            }
        }
        Thread {
            var released = 0
            let deadline = Date().addingTimeInterval(10)
            while released < calls, Date() < deadline {
                let batch = held.take(upTo: 64)
                for reply in batch { reply() }
                released += batch.count
                if batch.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
            }
        }.start()

        // Then each caller gets its own reply
        wait(for: [done], timeout: 15)
        let outcomes = held.outcomes
        XCTAssertEqual(outcomes.count, calls)
        XCTAssertEqual(outcomes.filter { $0.key != $0.value }.count, 0)
    }
}

/// Deferred replies a test holds back and releases itself, and what each caller got.
private final class HeldReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [() -> Void] = []
    private var results: [Int: Int] = [:]

    func hold(_ reply: @escaping () -> Void) { lock.withLock { replies.append(reply) } }

    func take(upTo count: Int) -> [() -> Void] {
        lock.withLock {
            let taken = Array(replies.prefix(count))
            replies.removeFirst(taken.count)
            return taken
        }
    }

    func record(call: Int, processed: Int) { lock.withLock { results[call] = processed } }

    var outcomes: [Int: Int] { lock.withLock { results } }
}

/// A message whose response records the thread that encodes it.
private enum EncodedOn: RPCMessage {
    static let type = "test.encodedOn"
    struct Request: Codable { let text: String }
    struct Response: Codable {
        let text: String
        func encode(to encoder: Encoder) throws {
            EncodedOn.encodings.record()
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
        }
    }
    static let encodings = ThreadRecord()
}

/// Threads seen by `record()`, as `pthread_t`s.
private final class ThreadRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [pthread_t] = []
    private let done = DispatchSemaphore(value: 0)

    func record() { lock.withLock { seen.append(pthread_self()) } }
    var threads: [pthread_t] { lock.withLock { seen } }
    /// The first thread recorded, once `finish()` was called (or after 5 s).
    var thread: pthread_t? {
        _ = done.wait(timeout: .now() + 5)
        done.signal()
        return threads.first
    }
    func finish() { done.signal() }
}
