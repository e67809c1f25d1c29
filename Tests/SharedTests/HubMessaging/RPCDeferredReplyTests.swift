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
}
