import Foundation
import XCTest
@testable import Shared

/// Many requests as streams of one kept HTTP/2 connection, against the h2 TLS fixture.
final class HTTPMultiplexClientTests: XCTestCase {
    private struct Echo: Decodable {
        let method: String
        let path: String
        let headers: [String: String]
        let bodyLength: Int
        let connection: Int
        let stream: Int
    }

    private var fixture: HTTPClientTests.FixtureProcess?

    override func tearDown() {
        fixture?.stop()
        super.tearDown()
    }

    private func server() throws -> (base: String, options: HTTPClientOptions) {
        let started = try HTTPClientTests.FixtureProcess(script: "h2_tls_server.py", lineCount: 2)
        fixture = started
        var options = HTTPClientOptions()
        options.extraCAFile = started.lines[1]
        return ("https://127.0.0.1:\(started.port)", options)
    }

    func testABatchIsMultiplexedOnOneConnectionKeptForTheNextBatch() throws {
        // Given a client allowing 50 concurrent streams
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options, maxConcurrentStreams: 50)

        // When two batches of 120 POSTs, each answered after 20 ms, are sent
        let requests = (0..<120).map { n in
            HTTPClientRequest(method: "POST", url: base + "/slow?ms=20&n=\(n)", headers: [("x-n", String(n))], body: Array("body-\(n)".utf8))
        }
        let started = Date()
        let first = client.send(requests)
        let elapsed = Date().timeIntervalSince(started)
        let second = client.send(Array(requests.prefix(10)))

        // Then every answer matches its request, all came on one HTTP/2 connection, and they
        // overlapped (120 sequential 20 ms answers would take 2.4 s)
        let echoes = try first.map { try $0.get() }.map { response -> Echo in
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.httpVersion, .http2)
            return try response.decodeJSON(Echo.self)
        }
        for (n, echo) in echoes.enumerated() {
            XCTAssertEqual(echo.path, "/slow?ms=20&n=\(n)")
            XCTAssertEqual(echo.headers["x-n"], String(n))
            XCTAssertEqual(echo.bodyLength, "body-\(n)".utf8.count)
            XCTAssertEqual(echo.method, "POST")
        }
        XCTAssertEqual(Set(echoes.map(\.connection)), [1])
        XCTAssertEqual(Set(echoes.map(\.stream)).count, 120)
        XCTAssertLessThan(elapsed, 1.5)
        let again = try second.map { try $0.get().decodeJSON(Echo.self) }
        XCTAssertEqual(Set(again.map(\.connection)), [1])
    }

    func testEachRequestFailsOnItsOwnWhenNoConnectionCanBeMade() throws {
        // Given a port nothing listens on
        let port = try HTTPClientTests.closedPort()
        var options = HTTPClientOptions()
        options.connectTimeout = 2
        let client = HTTPMultiplexClient(options: options)

        // When three requests are sent, one with a URL that is not HTTP
        let results = client.send([
            HTTPClientRequest(method: "POST", url: "https://127.0.0.1:\(port)/a"),
            HTTPClientRequest(method: "POST", url: "ftp://127.0.0.1/b"),
            HTTPClientRequest(method: "POST", url: "https://127.0.0.1:\(port)/c"),
        ])

        // Then each has its own error, in order
        XCTAssertEqual(results.count, 3)
        for index in [0, 2] {
            guard case .failure(.couldNotConnect) = results[index] else { return XCTFail("\(results[index])") }
        }
        guard case .failure(.invalidURL) = results[1] else { return XCTFail("\(results[1])") }
    }

    func testOversizedResponsesAndBadHeadersFailOnlyTheirOwnStream() throws {
        // Given a client capped at 1,000 response bytes
        var (base, options) = try server()
        options.maxResponseBytes = 1_000
        let client = HTTPMultiplexClient(options: options)

        // When a batch mixes a small answer, an oversized one and a header with a line break
        let results = client.send([
            HTTPClientRequest(method: "POST", url: base + "/big?bytes=10", body: [1]),
            HTTPClientRequest(method: "POST", url: base + "/big?bytes=5000", body: [2]),
            HTTPClientRequest(method: "POST", url: base + "/echo", headers: [("x-bad", "a\r\nb")], body: [3]),
        ])

        // Then only the faulty ones fail, each with its own error
        XCTAssertEqual(try results[0].get().body, Array(repeating: UInt8(ascii: "x"), count: 10))
        XCTAssertEqual(try results[0].get().status, 200)
        guard case .failure(.responseTooLarge(limit: 1_000)) = results[1] else { return XCTFail("\(results[1])") }
        guard case .failure(.transport) = results[2] else { return XCTFail("\(results[2])") }
    }
}
