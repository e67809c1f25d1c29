import Foundation
import HubHTTPClient
import HubRuntime
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class HTTPClientTests: XCTestCase {
    private struct Echo: Decodable {
        let method: String
        let path: String
        let headers: [String: String]
        let bodyLength: Int
        let connection: Int
    }

    private var fixtures: [FixtureProcess] = []

    override func tearDown() {
        for fixture in fixtures { fixture.stop() }
        fixtures = []
        super.tearDown()
    }

    private func http1Server() throws -> String {
        let fixture = try FixtureProcess(script: "http1_server.py")
        fixtures.append(fixture)
        return "http://127.0.0.1:\(fixture.port)"
    }

    /// The base URL and the CA file of a fresh HTTP/2 TLS fixture.
    private func h2Server() throws -> (base: String, caFile: String) {
        let fixture = try FixtureProcess(script: "h2_tls_server.py", lineCount: 2)
        fixtures.append(fixture)
        return ("https://127.0.0.1:\(fixture.port)", fixture.lines[1])
    }

    private func h2Options(_ caFile: String?) -> HTTPClientOptions {
        var options = HTTPClientOptions()
        options.version = .http2
        options.extraCAFile = caFile
        return options
    }

    private func assertThrows(
        _ expected: HTTPClientError, within seconds: Double,
        file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
    ) {
        let start = Date()
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? HTTPClientError, expected, file: file, line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), seconds, file: file, line: line)
    }

    // MARK: HTTP/1.1

    func testHTTP1GetSendsHeadersAndReusesTheConnection() throws {
        // Given
        let base = try http1Server()
        let client = HTTPClient()

        // When
        let first = try client.send(HTTPClientRequest(url: base + "/echo?q=1", headers: [("X-Custom", "v1")]))
        let second = try client.send(HTTPClientRequest(url: base + "/echo"))

        // Then
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.httpVersion, .http11)
        XCTAssertEqual(first.header("X-FIXTURE"), "http1")
        XCTAssertTrue(first.headers.allSatisfy { $0.0 == $0.0.lowercased() })
        let echo: Echo = try first.decodeJSON()
        XCTAssertEqual(echo.method, "GET")
        XCTAssertEqual(echo.path, "/echo?q=1")
        XCTAssertEqual(echo.headers["x-custom"], "v1")
        XCTAssertEqual(echo.headers["user-agent"], "AppNorthHub/\(AppNorth.version)")
        XCTAssertEqual(try second.decodeJSON(Echo.self).connection, echo.connection)
    }

    func testHTTP1PostAndPutSendTheirBodies() throws {
        // Given
        let base = try http1Server()
        let client = HTTPClient()
        let body = [UInt8](repeating: 0x41, count: 1_100_000)

        // When
        let post = try client.send(
            HTTPClientRequest(
                method: "POST", url: base + "/echo",
                headers: [("Content-Type", "application/json")], body: body))
        let put = try client.send(HTTPClientRequest(method: "PUT", url: base + "/echo", body: [1, 0, 2]))

        // Then
        let postEcho: Echo = try post.decodeJSON()
        XCTAssertEqual(postEcho.method, "POST")
        XCTAssertEqual(postEcho.bodyLength, 1_100_000)
        XCTAssertEqual(postEcho.headers["content-type"], "application/json")
        XCTAssertNil(postEcho.headers["expect"])
        let putEcho: Echo = try put.decodeJSON()
        XCTAssertEqual(putEcho.method, "PUT")
        XCTAssertEqual(putEcho.bodyLength, 3)
    }

    // MARK: HTTP/2 over TLS

    func testHTTP2OverTLSTrustsTheExtraCAAndKeepsOneConnection() throws {
        // Given
        let server = try h2Server()
        let client = HTTPClient(options: h2Options(server.caFile))

        // When
        let first = try client.send(HTTPClientRequest(url: server.base + "/hello?x=1"))
        let second = try client.send(
            HTTPClientRequest(
                method: "POST", url: server.base + "/push",
                headers: [("apns-topic", "com.example")], body: Array("{}".utf8)))

        // Then
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.httpVersion, .http2)
        XCTAssertEqual(first.header("Content-Type"), "application/json")
        let firstEcho: Echo = try first.decodeJSON()
        XCTAssertEqual(firstEcho.path, "/hello?x=1")
        let secondEcho: Echo = try second.decodeJSON()
        XCTAssertEqual(secondEcho.method, "POST")
        XCTAssertEqual(secondEcho.bodyLength, 2)
        XCTAssertEqual(secondEcho.headers["apns-topic"], "com.example")
        XCTAssertEqual(secondEcho.connection, firstEcho.connection)
    }

    func testHTTP2BodyLargerThanTheFlowControlWindowArrivesWhole() throws {
        // Given
        let server = try h2Server()
        let client = HTTPClient(options: h2Options(server.caFile))

        // When
        let response = try client.send(HTTPClientRequest(url: server.base + "/big?bytes=300000"))

        // Then
        XCTAssertEqual(response.body.count, 300_000)
        XCTAssertEqual(response.header("content-length"), "300000")
    }

    func testWithoutTheExtraCATheTestServerIsNotTrusted() throws {
        // Given
        let server = try h2Server()
        let client = HTTPClient(options: h2Options(nil))

        // When / Then
        XCTAssertThrowsError(try client.send(HTTPClientRequest(url: server.base + "/hello"))) { error in
            guard case .tls? = error as? HTTPClientError else { return XCTFail("expected .tls, got \(error)") }
        }
    }

    func testTheSystemCAPathStaysTrustedNextToTheExtraCAFile() throws {
        // Given: the test CA only in a hashed directory standing in for the system store, and an
        // unrelated public bundle as the extra file
        let server = try h2Server()
        let systemDir = FileManager.default.temporaryDirectory.appendingPathComponent("capath-\(UUID().uuidString)")
        let emptyDir = FileManager.default.temporaryDirectory.appendingPathComponent("capath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: systemDir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: emptyDir, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: systemDir)
            try? FileManager.default.removeItem(at: emptyDir)
        }
        try FileManager.default.copyItem(atPath: server.caFile, toPath: systemDir.appendingPathComponent("test-ca.pem").path)
        try Self.rehash(systemDir.path)
        var options = h2Options("/etc/ssl/certs/ca-certificates.crt")
        options.systemCAPath = systemDir.path
        var withoutSystemCA = options
        withoutSystemCA.systemCAPath = emptyDir.path

        // When
        let response = try HTTPClient(options: options).send(HTTPClientRequest(url: server.base + "/hello"))

        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertThrowsError(try HTTPClient(options: withoutSystemCA).send(HTTPClientRequest(url: server.base + "/hello"))) {
            guard case .tls? = $0 as? HTTPClientError else { return XCTFail("expected .tls, got \($0)") }
        }
    }

    // MARK: Failures

    func testRefusedPortIsCouldNotConnectQuickly() throws {
        // Given
        let port = try Self.closedPort()
        let client = HTTPClient()

        // When / Then
        let start = Date()
        XCTAssertThrowsError(try client.send(HTTPClientRequest(url: "http://127.0.0.1:\(port)/"))) { error in
            guard case .couldNotConnect? = error as? HTTPClientError else { return XCTFail("got \(error)") }
            XCTAssertEqual((error as? HTTPClientError)?.code, "HTTP_COULD_NOT_CONNECT")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testConnectTimeoutIsCouldNotConnectNotTimedOut() throws {
        // Given
        let listener = try Self.saturatedListener()
        defer { for fd in listener.fds { close(fd) } }
        var options = HTTPClientOptions()
        options.connectTimeout = 0.3
        let client = HTTPClient(options: options)

        // When / Then
        let start = Date()
        XCTAssertThrowsError(try client.send(HTTPClientRequest(url: "http://127.0.0.1:\(listener.port)/"))) { error in
            guard case .couldNotConnect? = error as? HTTPClientError else { return XCTFail("got \(error)") }
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.25)
        XCTAssertLessThan(elapsed, 1.5)
    }

    func testTotalTimeoutOnASlowResponseIsTimedOut() throws {
        // Given
        let base = try http1Server()
        let server = try h2Server()
        var h2 = h2Options(server.caFile)
        h2.totalTimeout = 0.5

        // When / Then: the request's own timeout, then the client's
        assertThrows(.timedOut, within: 1.5) {
            _ = try HTTPClient().send(HTTPClientRequest(url: base + "/slow?ms=3000", timeout: 0.5))
        }
        assertThrows(.timedOut, within: 1.5) {
            _ = try HTTPClient(options: h2).send(HTTPClientRequest(url: server.base + "/slow?ms=3000"))
        }
    }

    func testResponseOverTheCapIsRejectedWithOrWithoutContentLength() throws {
        // Given
        let base = try http1Server()
        let server = try h2Server()
        var options = HTTPClientOptions()
        options.maxResponseBytes = 100_000
        let client = HTTPClient(options: options)
        var h2 = h2Options(server.caFile)
        h2.maxResponseBytes = 100_000
        let h2Client = HTTPClient(options: h2)

        // When / Then
        for path in ["/big?bytes=500000", "/chunked?bytes=500000"] {
            assertThrows(.responseTooLarge(limit: 100_000), within: 5) {
                _ = try client.send(HTTPClientRequest(url: base + path))
            }
        }
        for path in ["/big?bytes=500000", "/big?bytes=500000&length=0"] {
            assertThrows(.responseTooLarge(limit: 100_000), within: 5) {
                _ = try h2Client.send(HTTPClientRequest(url: server.base + path))
            }
        }
        XCTAssertEqual(try client.send(HTTPClientRequest(url: base + "/chunked?bytes=100000")).body.count, 100_000)
        XCTAssertEqual(try h2Client.send(HTTPClientRequest(url: server.base + "/big?bytes=100000&length=0")).body.count, 100_000)
    }

    func testNonHTTPURLsAreInvalid() {
        // Given
        let client = HTTPClient()

        // When / Then
        for url in ["ftp://127.0.0.1/file", "not a url", "http://127.0.0.1/a b"] {
            XCTAssertThrowsError(try client.send(HTTPClientRequest(url: url))) { error in
                guard case .invalidURL? = error as? HTTPClientError else { return XCTFail("\(url): got \(error)") }
            }
        }
    }

    // MARK: Options

    func testFromEnvironmentReadsTheExtraCAFile() {
        // Given / When
        let set = HTTPClientOptions.fromEnvironment(["APPNORTH_TLS_CA_FILE": "/etc/appnorth/ca.pem"])
        let empty = HTTPClientOptions.fromEnvironment(["APPNORTH_TLS_CA_FILE": ""])
        let unset = HTTPClientOptions.fromEnvironment([:])

        // Then
        XCTAssertEqual(set.extraCAFile, "/etc/appnorth/ca.pem")
        XCTAssertNil(empty.extraCAFile)
        XCTAssertNil(unset.extraCAFile)
        XCTAssertEqual(unset.userAgent, "AppNorthHub/\(AppNorth.version)")
    }
}
