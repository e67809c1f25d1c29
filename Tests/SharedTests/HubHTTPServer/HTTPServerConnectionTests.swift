import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime

/// Connection-level behaviour of the server: keep-alive, body limits, async handlers
/// that release the pool thread, and shutdown.
final class HTTPServerConnectionTests: XCTestCase {
    private let slowCalls = Counter()

    private func makeFixture(
        threads: Int = 2, slowDelay: TimeInterval = 0.5,
        onSlowDone: (@Sendable () -> Void)? = nil
    ) throws -> TestServerFixture {
        let slowCalls = self.slowCalls
        return try TestServerFixture(threads: threads, maxBodyBytes: 1024) { router in
            router.add("GET", "/fast") { _ in .jsonBytes(Array(#"{"ok":true}"#.utf8)) }
            router.add("POST", "/echo") { request in .text("\(request.body.count):\(request.body.first.map { String($0) } ?? "")") }
            router.add("POST", "/big", maxBodyBytes: 64 * 1024) { request in .text("\(request.body.count)") }
            router.addAsync("GET", "/slow") { request, done in
                slowCalls.increment()
                DispatchQueue.global().asyncAfter(deadline: .now() + slowDelay) {
                    onSlowDone?()
                    done(.success(.text("slow-done \(request.correlationId)")))
                }
            }
            router.addAsync("GET", "/inline-twice") { _, done in
                done(.success(.text("first")))
                done(.success(.text("second")))
            }
            router.addAsync("GET", "/async-error") { _, done in
                DispatchQueue.global().async { done(.failure(APIError.notFound("IDEA_NOT_FOUND", "No such idea."))) }
            }
        }
    }

    func testKeepAliveServesSeveralRequestsOnOneConnection() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port)
        // When
        let first = try connection.request("GET", "/fast")
        let second = try connection.request("POST", "/echo", headers: [("Content-Type", "application/json")], body: [7, 8, 9])
        let third = try connection.request("GET", "/fast")
        // Then
        XCTAssertEqual(first.status, 200)
        XCTAssertNotEqual(first.header("Connection")?.lowercased(), "close")
        XCTAssertEqual(second.text, "3:7")
        XCTAssertNotEqual(second.header("Connection")?.lowercased(), "close")
        XCTAssertEqual(third.text, #"{"ok":true}"#)
    }

    func testDeclaredOversizedBodyIs413AtOnce() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 2)
        // When: the body is announced but never sent, so only an early answer arrives.
        try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n")
        let response = try connection.readResponse()
        // Then
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.errorCode, "PAYLOAD_TOO_LARGE")
        XCTAssertEqual(response.json["correlationId"] as? String, response.header("X-Correlation-Id"))
    }

    func testChunkedBodyGrowingPastTheLimitIs413() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port)
        let chunk = String(repeating: "a", count: 600)
        // When
        try connection.send(
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
        let response = try connection.readResponse()
        // Then
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.errorCode, "PAYLOAD_TOO_LARGE")
        XCTAssertNotNil(response.header("X-Correlation-Id"))
    }

    func testChunkedBodyWithinTheLimitIsAccumulated() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port)
        let chunk = String(repeating: "b", count: 300)
        // When
        try connection.send(
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "12c\r\n\(chunk)\r\n12c\r\n\(chunk)\r\n0\r\n\r\n")
        let response = try connection.readResponse()
        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "600:98")
    }

    func testRouteLimitAdmitsABiggerBody() throws {
        // Given
        let fixture = try makeFixture()
        let body = [UInt8](repeating: 65, count: 40_000)
        // When
        let big = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/big", body: body)
        let small = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/echo", body: body)
        // Then
        XCTAssertEqual(big.status, 200)
        XCTAssertEqual(big.text, "40000")
        XCTAssertEqual(small.status, 413)
    }

    func testAsyncHandlerFreesThePoolThreadWhileItWaits() throws {
        // Given: one pool thread and a handler answering 0.5 s later from another thread.
        let finished = FlagBox()
        let fixture = try makeFixture(threads: 1, slowDelay: 0.5, onSlowDone: { finished.set() })
        let slow = try TestHTTPConnection(port: fixture.port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Correlation-Id: slow-request-1\r\n\r\n")
        usleep(50_000)
        // When
        let cpuBefore = Self.processCPUSeconds()
        let started = Date()
        let fast = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/fast")
        let fastElapsed = Date().timeIntervalSince(started)
        let fastBeatSlow = !finished.isSet
        let slowResponse = try slow.readResponse()
        let cpuDuringWait = Self.processCPUSeconds() - cpuBefore
        let again = try slow.request("GET", "/fast")
        // Then
        XCTAssertEqual(fast.status, 200)
        XCTAssertTrue(fastBeatSlow, "the synchronous request waited for the async one")
        XCTAssertLessThan(fastElapsed, 0.3)
        XCTAssertEqual(slowResponse.status, 200)
        XCTAssertEqual(slowResponse.text, "slow-done slow-request-1")
        XCTAssertEqual(slowResponse.header("X-Correlation-Id"), "slow-request-1")
        XCTAssertEqual(again.status, 200, "the resumed connection stays usable")
        XCTAssertEqual(slowCalls.value, 1, "the async handler ran more than once")
        XCTAssertLessThan(cpuDuringWait, 0.2, "the pool thread spun while the handler waited")
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    func testAsyncCompletionInlineAnswersOnceAndAsyncErrorsAreEnveloped() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port)
        // When
        let inline = try connection.request("GET", "/inline-twice")
        let failed = try connection.request("GET", "/async-error")
        let after = try connection.request("GET", "/fast")
        // Then
        XCTAssertEqual(inline.text, "first")
        XCTAssertEqual(failed.status, 404)
        XCTAssertEqual(failed.errorCode, "IDEA_NOT_FOUND")
        XCTAssertEqual(failed.json["correlationId"] as? String, failed.header("X-Correlation-Id"))
        XCTAssertEqual(after.status, 200)
    }

    func testStopLetsInFlightRequestFinishThenRefusesConnections() throws {
        // Given
        let fixture = try makeFixture(slowDelay: 0.3)
        let port = fixture.port
        XCTAssertTrue(TestHTTPConnection.canConnect(port: port))
        let slow = try TestHTTPConnection(port: port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(50_000)
        // When
        fixture.server.stop()
        fixture.server.stop()
        // Then
        XCTAssertEqual(try slow.readResponse().status, 200)
        XCTAssertFalse(TestHTTPConnection.canConnect(port: port))
    }

    func testARequestStartingWhileTheServerStopsIs503AndClosesItsConnection() throws {
        // Given a slow request holding the server's drain open
        let fixture = try makeFixture(slowDelay: 0.6)
        let port = fixture.port
        let slow = try TestHTTPConnection(port: port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        let idle = try TestHTTPConnection(port: port)
        XCTAssertEqual(try idle.request("GET", "/fast").status, 200)
        usleep(50_000)
        let stopped = expectation(description: "stopped")
        DispatchQueue.global().async {
            fixture.server.stop()
            stopped.fulfill()
        }
        usleep(100_000)

        // When requests start during the drain, on a new connection and on a kept-alive one
        let late = try TestHTTPConnection(port: port).request("GET", "/fast")
        let kept = try idle.request("GET", "/fast")

        // Then each is answered at once: 503, retry in a second, the connection closed
        for response in [late, kept] {
            XCTAssertEqual(response.status, 503)
            XCTAssertEqual(response.errorCode, "SERVICE_UNAVAILABLE")
            XCTAssertEqual(response.header("Retry-After"), "1")
            XCTAssertEqual(response.header("Connection")?.lowercased(), "close")
        }
        XCTAssertTrue(idle.isClosedByPeer())
        // And the request in flight still completes, after which nothing connects
        XCTAssertEqual(try slow.readResponse().status, 200)
        wait(for: [stopped], timeout: 10)
        XCTAssertFalse(TestHTTPConnection.canConnect(port: port))
    }

    func testStartFailsWhenThePortIsTaken() throws {
        // Given
        let fixture = try makeFixture()
        let options = HTTPServerOptions(host: "localhost", port: fixture.port)
        let second = HTTPServer(router: Router(), options: options, logger: Logger(daemon: "test", sink: MemoryLogSink()))
        // When / Then
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .bindFailed(host: "localhost", port: fixture.port))
        }
        second.stop()
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A thread-safe flag for "has this happened yet".
final class FlagBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
