import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime

/// One client cannot hold the server's connections: a cap per client address, and head and
/// body deadlines that trickled bytes do not extend.
final class HTTPServerConnectionLimitTests: XCTestCase {
    private func makeFixture(_ adjust: @escaping (inout HTTPServerOptions) -> Void = { _ in }) throws -> TestServerFixture {
        try TestServerFixture(maxBodyBytes: 1024, options: adjust) { router in
            router.add("GET", "/healthz") { _ in .jsonBytes(Array(#"{"status":"ok"}"#.utf8)) }
            router.add("POST", "/echo") { request in .text("\(request.body.count)") }
        }
    }

    func testAThousandIdleConnectionsFromOneAddressLeaveOthersServed() throws {
        // Given: the default cap of 64 connections per client address
        try requireDescriptors(4_096)
        let fixture = try makeFixture()
        XCTAssertEqual(fixture.server.options.perClientConnections, 64)
        // When: 1,000 connections from 127.0.0.1 that never send a byte
        var idle: [TestHTTPConnection] = []
        for _ in 0..<1_000 { idle.append(try TestHTTPConnection(port: fixture.port, timeout: 1)) }
        // Then: another address is answered at once
        let started = Date()
        let response = try TestHTTPConnection(port: fixture.port, timeout: 1, from: "127.0.0.2").request("GET", "/healthz")
        XCTAssertEqual(response.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        // And the server holds 64 of the thousand; it closed the rest
        XCTAssertTrue(eventually { fixture.server.connections.connections(from: "127.0.0.1") == 64 })
        XCTAssertTrue(eventually { idle.filter { $0.isClosedNow() }.count == 936 })
    }

    func testTwoConnectionsAdmittedAtOnceForTheLastPlaceKeepOnlyOne() throws {
        // Given a cap of 1, and two connections from one address that both passed the accept
        // check before either was counted (pool threads accept at once)
        let guardian = HTTPConnectionGuard(
            limits: .init(perClient: 1), trusted: TrustedProxies([]), logger: Logger(daemon: "test", sink: MemoryLogSink()))
        XCTAssertTrue(guardian.admits("192.0.2.9"))
        XCTAssertTrue(guardian.admits("192.0.2.9"))
        var first: [Int32] = [0, 0]
        var second: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &first), 0)
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &second), 0)
        defer { for fd in first + second { close(fd) } }
        // When both are opened
        let kept = guardian.opened(peer: "192.0.2.9", fd: first[0])
        let over = guardian.opened(peer: "192.0.2.9", fd: second[0])
        // Then the second is shut down (its client reads the end of stream) and the first is not
        XCTAssertFalse(kept.cut)
        XCTAssertTrue(over.cut)
        var byte: UInt8 = 0
        for fd in [first[1], second[1]] { XCTAssertEqual(fcntl(fd, F_SETFL, O_NONBLOCK), 0) }
        XCTAssertEqual(read(second[1], &byte, 1), 0)
        XCTAssertEqual(read(first[1], &byte, 1), -1)
        // And once it is closed, the address holds one connection, at its cap
        guardian.closed(over)
        XCTAssertEqual(guardian.connections(from: "192.0.2.9"), 1)
        XCTAssertFalse(guardian.admits("192.0.2.9"))
        // And a trusted proxy is never cut
        let proxied = HTTPConnectionGuard(
            limits: .init(perClient: 1), trusted: TrustedProxies([IPAddressRange("192.0.2.9")!]),
            logger: Logger(daemon: "test", sink: MemoryLogSink()))
        XCTAssertFalse(proxied.opened(peer: "192.0.2.9", fd: -1).cut)
        XCTAssertFalse(proxied.opened(peer: "192.0.2.9", fd: -1).cut)
    }

    func testTheCapCountsPerAddressAndFreesWhenAConnectionCloses() throws {
        // Given: a cap of 3
        let fixture = try makeFixture { $0.perClientConnections = 3 }
        var held = try (0..<3).map { _ in try TestHTTPConnection(port: fixture.port, timeout: 1) }
        XCTAssertTrue(eventually { fixture.server.connections.connections(from: "127.0.0.1") == 3 })
        // When / Then: a fourth from the same address is closed, one from another is served
        let fourth = try TestHTTPConnection(port: fixture.port, timeout: 2)
        XCTAssertTrue(fourth.isClosedByPeer())
        XCTAssertEqual(try TestHTTPConnection(port: fixture.port, from: "127.0.0.2").request("GET", "/healthz").status, 200)
        // When one of the three goes, a new one is served again
        held.removeLast()
        XCTAssertTrue(eventually { fixture.server.connections.connections(from: "127.0.0.1") == 2 })
        XCTAssertEqual(try TestHTTPConnection(port: fixture.port).request("GET", "/healthz").status, 200)
    }

    func testAConnectionFromATrustedProxyIsNotCapped() throws {
        // Given: a cap of 2 and 127.0.0.1 as a trusted proxy
        let fixture = try makeFixture {
            $0.perClientConnections = 2
            $0.trustedProxies = TrustedProxies([IPAddressRange("127.0.0.1")!])
        }
        // When
        let held = try (0..<5).map { _ in try TestHTTPConnection(port: fixture.port, timeout: 2) }
        // Then: all five are served
        for connection in held { XCTAssertEqual(try connection.request("GET", "/healthz").status, 200) }
    }

    func testAHeadTrickledByteByByteIsCutAtItsDeadline() throws {
        // Given: one second for a request head; the idle timeout alone would never fire
        let fixture = try makeFixture { $0.headerTimeout = 1 }
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 0.2)
        let started = Date()
        // When: a byte every 100 ms, forever
        let cut = trickleUntilCut(connection, Array("GET /healthz HTTP/1.1\r\nX-Slow: ".utf8) + [UInt8](repeating: 97, count: 100))
        // Then: closed after about a second, not kept alive by the trickle
        XCTAssertTrue(cut)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.9)
    }

    func testABodyTrickledByteByByteIsCutAtItsDeadline() throws {
        // Given: one second for a body
        let fixture = try makeFixture { $0.bodyTimeout = 1 }
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 0.2)
        try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        let started = Date()
        // When
        let cut = trickleUntilCut(connection, [UInt8](repeating: 98, count: 100))
        // Then
        XCTAssertTrue(cut)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    }

    func testAKeptAliveConnectionGetsAFreshHeadDeadlineAfterEachResponse() throws {
        // Given: 1.5 s for each head
        let fixture = try makeFixture { $0.headerTimeout = 1.5 }
        let connection = try TestHTTPConnection(port: fixture.port, timeout: 2)
        // When: requests 0.6 s apart, 2.4 s in all
        for _ in 0..<4 {
            XCTAssertEqual(try connection.request("GET", "/healthz").status, 200)
            Thread.sleep(forTimeInterval: 0.6)
        }
        // Then: each one was in time
        XCTAssertEqual(try connection.request("GET", "/healthz").status, 200)
    }
}
