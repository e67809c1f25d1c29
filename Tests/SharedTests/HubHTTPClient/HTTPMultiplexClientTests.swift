import Foundation
import TestSupport
import XCTest

@testable import HubHTTPClient

#if canImport(Glibc)
    import Glibc
#endif

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
    private var nghttpd: Process?
    private var scratch: URL?

    override func tearDown() {
        fixture?.stop()
        if let nghttpd, nghttpd.isRunning {
            nghttpd.terminate()
            nghttpd.waitUntilExit()
        }
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
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
            HTTPClientRequest(
                method: "POST", url: base + "/slow?ms=20&n=\(n)", headers: [("x-n", String(n))], body: Array("body-\(n)".utf8))
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

    func testAFeedKeepsTheConnectionBusyAcrossBatchesAndCompletesThemInOrder() throws {
        // Given four batches of 10 POSTs, each answered after 300 ms
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options, maxConcurrentStreams: 100)
        let batches = (0..<4).map { b in
            HTTPRequestBatch(
                requests: (0..<10).map { n in
                    HTTPClientRequest(method: "POST", url: base + "/slow?ms=300&b=\(b)&n=\(n)", body: [UInt8(n)])
                }, sharedHeaders: [("x-batch", String(b))])
        }

        // When they are fed one after another
        var asked = 0
        var completed: [[Result<HTTPClientResponse, HTTPClientError>]] = []
        let started = Date()
        client.send(
            feed: {
                defer { asked += 1 }
                return asked < batches.count ? batches[asked] : nil
            }, completed: { completed.append($0) })
        let elapsed = Date().timeIntervalSince(started)

        // Then each later batch was asked for while the one before was still unanswered (four
        // rounds of 300 ms one after the other would take 1.2 s), every outcome came back with
        // its own batch, in order, and all went over one connection
        XCTAssertEqual(asked, 5)
        XCTAssertLessThan(elapsed, 0.9)
        XCTAssertEqual(completed.count, 4)
        for (b, results) in completed.enumerated() {
            let echoes = try results.map { try $0.get().decodeJSON(Echo.self) }
            XCTAssertEqual(echoes.map(\.path), (0..<10).map { "/slow?ms=300&b=\(b)&n=\($0)" })
            XCTAssertEqual(Set(echoes.map { $0.headers["x-batch"] }), [String(b)])
            XCTAssertEqual(Set(echoes.map(\.connection)), [1])
        }
    }

    /// When another thread cancelled.
    private final class CancelTime: @unchecked Sendable {
        let lock = NSLock()
        var date = Date.distantFuture
    }

    func testCancelGivesUpStreamsInFlightAndAsksForNoMoreBatches() throws {
        // Given an endless feed of batches of 5 whose answers take 3 s, 100 streams at a time
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options, maxConcurrentStreams: 100)
        let batch = HTTPRequestBatch(
            requests: (0..<5).map { n in
                HTTPClientRequest(method: "POST", url: base + "/slow?ms=3000&n=\(n)", body: [1])
            })
        var asked: [Date] = []
        var completed: [[Result<HTTPClientResponse, HTTPClientError>]] = []

        // When another thread cancels 300 ms into the send
        let cancelledAt = CancelTime()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            cancelledAt.lock.withLock { cancelledAt.date = Date() }
            client.cancel()
        }
        let started = Date()
        client.send(
            feed: {
                asked.append(Date())
                return batch
            }, completed: { completed.append($0) })
        let elapsed = Date().timeIntervalSince(started)

        // Then the send returned well before the answers were due, no batch was asked for
        // after the cancel, and every batch fed so far failed as cancelled
        XCTAssertLessThan(elapsed, 1.5)
        XCTAssertLessThanOrEqual(try XCTUnwrap(asked.last), cancelledAt.lock.withLock { cancelledAt.date })
        XCTAssertGreaterThan(asked.count, 1)
        XCTAssertEqual(completed.count, asked.count)
        for result in completed.joined() {
            guard case .failure(.transport(_, let message)) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(message, "cancelled")
        }
        // And the next send works, on a new connection
        let again = try client.send([HTTPClientRequest(method: "POST", url: base + "/echo", body: [1])])[0].get()
        XCTAssertEqual(try again.decodeJSON(Echo.self).connection, 2)
    }

    func testARoundOfStreamsLeavesInAFewSegmentsNotOneEach() throws {
        // Given a client whose connection is up
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options)
        XCTAssertEqual(try client.send([HTTPClientRequest(method: "POST", url: base + "/warm", body: [1])])[0].get().status, 200)
        XCTAssertEqual(client.connectionSockets.count, 1)
        let socket = try XCTUnwrap(client.connectionSockets.first)
        let before = try HTTPMultiplexClientTests.dataSegmentsOut(socket)

        // When 90 POSTs, each answered after 600 ms, are sent as one batch
        let requests = (0..<90).map { n in
            HTTPClientRequest(
                method: "POST", url: base + "/slow?ms=600&n=\(n)", headers: [("x-n", String(n))], body: Array("body-\(n)".utf8))
        }
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var results: [Result<HTTPClientResponse, HTTPClientError>] = []
        DispatchQueue.global().async {
            results = client.send(requests)
            finished.signal()
        }

        // Then, before any answer, the 90 requests have left as a few TCP segments carrying
        // data (libcurl writes every stream on its own: uncorked, that is a segment each)
        usleep(300_000)
        let segments = try HTTPMultiplexClientTests.dataSegmentsOut(socket) - before
        XCTAssertLessThan(segments, 10, "\(segments) data segments for 90 requests")
        // And every request is answered, and nothing is left corked after the call
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        for (n, result) in results.enumerated() {
            XCTAssertEqual(try result.get().decodeJSON(Echo.self).headers["x-n"], String(n))
        }
        var corked: Int32 = -1
        var length = socklen_t(MemoryLayout<Int32>.size)
        XCTAssertEqual(getsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &corked, &length), 0)
        XCTAssertEqual(corked, 0)

        // And a closed client has no socket left to cork
        client.close()
        XCTAssertTrue(client.connectionSockets.isEmpty)
    }

    /// Segments carrying data a TCP socket has sent: `tcpi_data_segs_out` of Linux's
    /// `struct tcp_info` (linux/tcp.h; the kernel only appends fields to it, and glibc's copy
    /// of the struct stops before this one).
    static func dataSegmentsOut(_ socket: Int32) throws -> UInt32 {
        var info = [UInt8](repeating: 0, count: 232)
        var length = socklen_t(info.count)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0, length >= 160 else {
            throw XCTSkip("TCP_INFO has no data segment count here")
        }
        return info.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 156, as: UInt32.self) }
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

    func testSharedHeadersFollowEachRequestsOwnAndHandlesSwitchShapes() throws {
        // Given a batch mixing methods, with and without bodies, and headers shared by all
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options)
        let shapes: [(String, [UInt8]?)] = [
            ("POST", Array("abc".utf8)), ("GET", nil), ("PUT", Array("12345".utf8)),
            ("POST", nil), ("delete", nil), ("POST", Array("z".utf8)),
        ]
        let requests = (0..<60).map { n in
            HTTPClientRequest(
                method: shapes[n % shapes.count].0, url: base + "/echo?n=\(n)",
                headers: [("x-own", String(n))], body: shapes[n % shapes.count].1)
        }

        // When it is sent twice through one client, so handles are reused across shapes
        let rounds = [
            client.send(requests, sharedHeaders: [("x-shared", "s"), ("authorization", "bearer t")]),
            client.send(requests, sharedHeaders: [("x-shared", "second")]),
        ]

        // Then every request kept its own method, body and headers, with the shared ones after
        for (round, results) in rounds.enumerated() {
            for (n, result) in results.enumerated() {
                let echo = try result.get().decodeJSON(Echo.self)
                XCTAssertEqual(echo.method, shapes[n % shapes.count].0.uppercased(), "request \(n)")
                XCTAssertEqual(echo.bodyLength, shapes[n % shapes.count].1?.count ?? 0, "request \(n)")
                XCTAssertEqual(echo.headers["x-own"], String(n))
                XCTAssertEqual(echo.headers["x-shared"], round == 0 ? "s" : "second")
                XCTAssertEqual(echo.headers["authorization"], round == 0 ? "bearer t" : nil)
                XCTAssertNil(echo.headers["expect"])
            }
        }
    }

    func testOmittedHeadersLeaveOutLibcurlsOwnAcceptAndUserAgent() throws {
        // Given
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options)
        let requests = (0..<3).map { HTTPClientRequest(method: "POST", url: base + "/echo?n=\($0)", body: [1]) }

        // When one batch goes with defaults and one omits Accept and User-Agent
        let plain = try client.send(requests).map { try $0.get().decodeJSON(Echo.self) }
        let trimmed = try client.send(requests, sharedHeaders: [("x-shared", "s")], omitting: ["Accept", "User-Agent"])
            .map { try $0.get().decodeJSON(Echo.self) }

        // Then libcurl added them to the first and not to the second
        for echo in plain {
            XCTAssertEqual(echo.headers["accept"], "*/*")
            XCTAssertEqual(echo.headers["user-agent"], options.userAgent)
        }
        for echo in trimmed {
            XCTAssertNil(echo.headers["accept"])
            XCTAssertNil(echo.headers["user-agent"])
            XCTAssertEqual(echo.headers["x-shared"], "s")
        }
        // And an omitted name is checked like any header name
        guard case .failure(.transport) = client.send(requests, omitting: ["Bad: name"])[0] else { return XCTFail() }
    }

    func testRequestsPreparedOnAnotherThreadGoOutAsTheyWereWritten() throws {
        // Given requests prepared on another thread: two good ones (one with an escaped query),
        // one with a scheme libcurl is not to use, one with a header holding a line break, one
        // with a port libcurl's URL parser rejects; the first appears twice in the batch
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options)
        let prepared = DispatchQueue(label: "prepare").sync {
            [
                HTTPStreamRequest(
                    HTTPClientRequest(method: "POST", url: base + "/echo?n=0&q=a%2Fb", headers: [("x-own", "0")], body: Array("zero".utf8))),
                HTTPStreamRequest(
                    HTTPClientRequest(method: "put", url: base + "/echo?n=1", headers: [("x-own", "1"), ("x-more", "m")], body: [])),
                HTTPStreamRequest(HTTPClientRequest(method: "POST", url: "ftp://127.0.0.1/x", body: [1])),
                HTTPStreamRequest(
                    HTTPClientRequest(method: "POST", url: base + "/echo", headers: [("x-bad", "a\r\nx-injected: 1")], body: [2])),
                HTTPStreamRequest(HTTPClientRequest(method: "POST", url: "https://127.0.0.1:99999/echo", body: [3])),
            ]
        }

        // When they go out in one batch with shared headers, the first one twice, then again
        // in a second batch without shared headers
        var rounds: [[Result<HTTPClientResponse, HTTPClientError>]] = []
        var batches = [
            HTTPRequestBatch(prepared: prepared + [prepared[0]], sharedHeaders: [("x-shared", "s")]),
            HTTPRequestBatch(prepared: Array(prepared.prefix(2))),
        ]
        client.send(feed: { batches.isEmpty ? nil : batches.removeFirst() }, completed: { rounds.append($0) })

        // Then each good request carries its own method, body and headers (the shared ones only
        // in the first batch), the repeated one both times, and the faulty ones fail alone
        XCTAssertEqual(rounds.count, 2)
        for (round, results) in rounds.enumerated() {
            for n in [0, 1] + (round == 0 ? [5] : []) {
                let echo = try results[n].get().decodeJSON(Echo.self)
                XCTAssertEqual(echo.method, n == 1 ? "PUT" : "POST", "round \(round), request \(n)")
                XCTAssertEqual(echo.path, n == 1 ? "/echo?n=1" : "/echo?n=0&q=a%2Fb")
                XCTAssertEqual(echo.bodyLength, n == 1 ? 0 : 4)
                XCTAssertEqual(echo.headers["x-own"], n == 1 ? "1" : "0")
                XCTAssertEqual(echo.headers["x-more"], n == 1 ? "m" : nil)
                XCTAssertEqual(echo.headers["x-shared"], round == 0 ? "s" : nil)
                XCTAssertNil(echo.headers["expect"])
            }
        }
        guard case .failure(.invalidURL) = rounds[0][2] else { return XCTFail("\(rounds[0][2])") }
        guard case .failure(.transport) = rounds[0][3] else { return XCTFail("\(rounds[0][3])") }
        guard case .failure(.invalidURL) = rounds[0][4] else { return XCTFail("\(rounds[0][4])") }
        XCTAssertNil(try rounds[0][0].get().decodeJSON(Echo.self).headers["x-injected"])
    }

    func testLibcurlFormatsNoUserAgentForABatchThatOmitsOrReplacesIt() throws {
        // Given one prepared request and a handle
        let request = HTTPStreamRequest(HTTPClientRequest(method: "POST", url: "https://127.0.0.1:1/x", body: [1]))
        let options = HTTPClientOptions()
        let cork = CurlSocketCork()

        // When its stream is configured alone, in a batch omitting User-Agent, and in one setting it
        func userAgentShape(_ shared: CurlHeaderList?) throws -> Bool? {
            let easy = try CurlEasy()
            let stream = CurlStream(request: request, limit: 1_000, shared: shared)
            try stream.configure(easy, options: options, cork: cork)
            return easy.shape?.userAgent
        }

        // Then libcurl is asked for its own User-Agent only when nothing replaces it
        XCTAssertEqual(try userAgentShape(nil), true)
        XCTAssertEqual(try userAgentShape(CurlHeaderList([("x-shared", "s")], omitting: ["Accept"])), true)
        XCTAssertEqual(try userAgentShape(CurlHeaderList([], omitting: ["Accept", "User-Agent"])), false)
        XCTAssertEqual(try userAgentShape(CurlHeaderList([("user-agent", "Pusher/1")])), false)
    }

    func testAnInvalidSharedHeaderFailsTheWholeBatchUnsent() throws {
        // Given
        let (base, options) = try server()
        let client = HTTPMultiplexClient(options: options)

        // When the shared headers hold a line break
        let results = client.send(
            [
                HTTPClientRequest(method: "POST", url: base + "/echo", body: [1]),
                HTTPClientRequest(method: "POST", url: base + "/echo", body: [2]),
            ],
            sharedHeaders: [("x-bad", "a\r\nx-injected: 1")])

        // Then each request fails with a transport error
        XCTAssertEqual(results.count, 2)
        for result in results {
            guard case .failure(.transport) = result else { return XCTFail("\(result)") }
        }
    }

    /// nghttpd answers an empty file with HEADERS then an empty DATA frame; libcurl 7.88 then
    /// resets each finished stream, and nghttpd's reset-flood guard answers with a GOAWAY about
    /// every thousand streams, refusing the streams it had not read yet.
    func testThousandsOfStreamsAllGetTheirAnswerThroughGoaways() throws {
        // Given nghttpd serving an empty file over TLS
        let base = try startNghttpd()
        var options = HTTPClientOptions()
        options.extraCAFile = scratch!.appendingPathComponent("server.pem").path
        let client = HTTPMultiplexClient(options: options)
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 186)

        // When 20,000 POSTs go in batches of 1,000 (a few GOAWAYs come with that many)
        var statuses: [Int: Int] = [:]
        var failures: [String] = []
        let started = Date()
        for batch in 0..<20 {
            let requests = (0..<1_000).map { n in
                HTTPClientRequest(method: "POST", url: base + "/3/device/token", headers: [("apns-id", "\(batch)-\(n)")], body: body)
            }
            for result in client.send(requests, sharedHeaders: [("apns-topic", "com.example"), ("apns-push-type", "alert")]) {
                switch result {
                case .success(let response): statuses[response.status, default: 0] += 1
                case .failure(let error): failures.append("\(error)")
                }
            }
        }

        // Then every one got its 200
        XCTAssertEqual(failures, [])
        XCTAssertEqual(statuses, [200: 20_000])
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "a stalled connection, not a slow machine")
    }

    /// nghttpd (Debian's nghttp2-server, installed by the test command) with a throwaway
    /// certificate for 127.0.0.1 and an empty `/3/device/token`; returns its base URL.
    private func startNghttpd() throws -> String {
        guard
            let binary = ["/usr/sbin/nghttpd", "/usr/bin/nghttpd", "/usr/local/bin/nghttpd"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            XCTFail("nghttpd is missing: apt-get install -y nghttp2-server")
            throw HTTPClientError.couldNotConnect("no nghttpd")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nghttpd-\(UUID().uuidString)")
        scratch = directory
        let www = directory.appendingPathComponent("www/3/device")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: www.appendingPathComponent("token").path, contents: Data())
        let key = directory.appendingPathComponent("server.key").path
        let pem = directory.appendingPathComponent("server.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", pem, "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        XCTAssertEqual(openssl.terminationStatus, 0, "openssl could not make a certificate")
        let port = try HTTPClientTests.closedPort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["-d", directory.appendingPathComponent("www").path, String(port), key, pem]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        nghttpd = server
        guard eventually(timeout: 5, every: 0.02, { TestHTTPConnection.canConnect(port: UInt16(port)) }) else {
            throw HTTPClientError.couldNotConnect("nghttpd did not listen on \(port)")
        }
        return "https://127.0.0.1:\(port)"
    }
}
