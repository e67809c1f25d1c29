import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer

/// What the server decides from a request's head, before any body byte is read: a route's
/// header check, the body size and the server's body budget; and that such an early answer
/// reaches a client that sends its whole body before reading.
final class HTTPServerEarlyAnswerTests: XCTestCase {
    private let handled = Counter()

    private func makeFixture(budget: Int = 128 << 20) throws -> TestServerFixture {
        let handled = self.handled
        let budgeted: (inout HTTPServerOptions) -> Void = { $0.bodyBudgetBytes = budget }
        return try TestServerFixture(maxBodyBytes: 1024, options: budgeted) { router in
            router.add(
                "PUT", "/upload", maxBodyBytes: 6 << 20,
                headerCheck: { request in
                    guard request.query["sig"] == "good" else {
                        throw APIError(status: 403, code: "SIGNATURE_INVALID", message: "This upload URL is not valid.")
                    }
                    XCTAssertTrue(request.body.isEmpty, "a header check never sees the body")
                }
            ) { request in
                handled.increment()
                return .text("\(request.body.count)")
            }
            router.add("POST", "/echo", maxBodyBytes: 200_000) { request in .text("\(request.body.count)") }
        }
    }

    func testABadSignatureIsAnsweredBeforeAnyBodyByteIsSent() throws {
        // Given: an upload of the largest photo, announced and not sent
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 2)
        // When
        try connection.send("PUT /upload?sig=bad HTTP/1.1\r\nHost: x\r\nContent-Type: image/jpeg\r\nContent-Length: 5242880\r\n\r\n")
        let response = try connection.readResponse()
        // Then: the refusal arrives though not one body byte left the client
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.errorCode, "SIGNATURE_INVALID")
        XCTAssertEqual(handled.value, 0)
    }

    func testAGoodSignatureLetsTheBodyIn() throws {
        // Given
        let fixture = try makeFixture()
        let body = [UInt8](repeating: 7, count: 300_000)
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "PUT", "/upload?sig=good", body: body)
        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "300000")
        XCTAssertEqual(handled.value, 1)
    }

    func testARefusedHeadIsReadableByAClientThatSendsItsWholeBodyFirst() throws {
        // Given: a client that writes all 5 MiB before it reads, as Python's urllib does
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 10)
        let body = [UInt8](repeating: 1, count: 5 << 20)
        // When
        try connection.send(Array("PUT /upload?sig=bad HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        let response = try connection.readResponse()
        // Then: the 403, not a reset
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.errorCode, "SIGNATURE_INVALID")
        XCTAssertTrue(connection.isClosedByPeer())
    }

    func testAnOversizedBodySentWholeGetsItsReadable413() throws {
        // Given: 16 MB (more than the kernel buffers hold) against a 200,000-byte route, all sent before reading
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 10)
        let body = [UInt8](repeating: 2, count: 16_000_000)
        // When
        try connection.send(Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        let response = try connection.readResponse(method: "POST")
        // Then
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.errorCode, "PAYLOAD_TOO_LARGE")
    }

    func testBodiesPastTheServersBudgetWaitFor503WithRetryAfter() throws {
        // Given: a budget of 250,000 bytes, 150,000 of them held by a body still arriving
        let fixture = try makeFixture(budget: 250_000)
        let slow = try TestHTTPConnection(port: fixture.port, timeout: 5)
        try slow.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 150000\r\n\r\n" + String(repeating: "a", count: 1_000))
        XCTAssertTrue(eventually { fixture.server.bodyBudget.inUse == 150_000 })
        // When: one more body that does not fit, and one that does
        let refused = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/echo", body: [UInt8](repeating: 3, count: 100_001))
        let admitted = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/echo", body: [UInt8](repeating: 3, count: 100_000))
        // Then
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.errorCode, "SERVICE_UNAVAILABLE")
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(admitted.text, "100000")
        // And the held bytes come back once the slow body is done
        try slow.send(String(repeating: "a", count: 149_000))
        XCTAssertEqual(try slow.readResponse(method: "POST").text, "150000")
        XCTAssertTrue(eventually { fixture.server.bodyBudget.inUse == 0 })
    }
}
