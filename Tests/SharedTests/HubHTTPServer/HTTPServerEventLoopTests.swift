import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime

/// The server under each of its event loops, poll and epoll (`HTTPServerOptions.eventLoop`):
/// the other server tests listen on 127.0.0.1, where the automatic choice is poll, so the
/// behaviours a loop could change are run here under both.
final class HTTPServerEventLoopTests: XCTestCase {
    private static let loops: [HTTPEventLoop] = [.poll, .epoll]

    private func makeFixture(
        _ loop: HTTPEventLoop, threads: Int = 2, _ adjust: @escaping (inout HTTPServerOptions) -> Void = { _ in }
    ) throws -> TestServerFixture {
        let options: (inout HTTPServerOptions) -> Void = {
            $0.eventLoop = loop
            adjust(&$0)
        }
        return try TestServerFixture(threads: threads, maxBodyBytes: 1024, options: options) { router in
            router.add("GET", "/fast") { _ in .jsonBytes(Array(#"{"ok":true}"#.utf8)) }
            router.add("POST", "/echo") { request in .text("\(request.body.count)") }
            router.addAsync("GET", "/later") { request, done in
                let delay = Double(request.query["ms"] ?? "") ?? 50
                DispatchQueue.global().asyncAfter(deadline: .now() + delay / 1000) {
                    done(.success(.text("later \(request.query["n"] ?? "")")))
                }
            }
        }
    }

    func testAutomaticRunsPollOnLoopbackAndSaysSoWhenItStarts() throws {
        // Given the options' default loop, on 127.0.0.1
        let automatic: (inout HTTPServerOptions) -> Void = { $0.eventLoop = HTTPServerOptions().eventLoop }
        let fixture = try TestServerFixture(options: automatic) { router in
            router.add("GET", "/fast") { _ in .text("ok") }
        }
        // Then
        XCTAssertEqual(fixture.server.options.eventLoop, .automatic)
        XCTAssertEqual(fixture.server.eventLoop, .poll)
        let started = fixture.sink.lines.first { $0.contains("\"msg\":\"http listening\"") }
        XCTAssertNotNil(started)
        XCTAssertTrue(started?.contains("\"eventLoop\":\"poll\"") ?? false, started ?? "")
        XCTAssertEqual(try TestHTTPConnection.fetch(port: fixture.port, "GET", "/fast").text, "ok")
    }

    func testEachLoopKeepsConnectionsAliveAndResumesSuspendedOnes() throws {
        for loop in Self.loops {
            // Given one pool thread, so every connection shares its loop
            let fixture = try makeFixture(loop, threads: 1)
            XCTAssertEqual(fixture.server.eventLoop, loop)
            // When 24 connections each wait on an answer given later on another thread, at once
            let connections = try (0..<24).map { _ in try TestHTTPConnection(port: fixture.port, timeout: 3) }
            for (n, connection) in connections.enumerated() {
                try connection.send("GET /later?n=\(n)&ms=\(20 + n % 5 * 20) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            // And meanwhile a fresh connection asks a synchronous route
            let fast = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/fast")
            // Then each suspended connection gets its own answer and stays usable for more
            XCTAssertEqual(fast.status, 200, "\(loop)")
            for (n, connection) in connections.enumerated() {
                let answer = try connection.readResponse()
                XCTAssertEqual(answer.status, 200, "\(loop)")
                XCTAssertEqual(answer.text, "later \(n)", "\(loop)")
                XCTAssertEqual(try connection.request("POST", "/echo", body: [1, 2, 3]).text, "3", "\(loop)")
                XCTAssertEqual(try connection.request("GET", "/later?n=again&ms=1").text, "later again", "\(loop)")
            }
        }
    }

    func testEachLoopCapsConnectionsPerAddressAndCutsATrickledHead() throws {
        for loop in Self.loops {
            // Given a cap of 3 connections per address and one second for a request head
            let fixture = try makeFixture(loop) {
                $0.perClientConnections = 3
                $0.headerTimeout = 1
            }
            let held = try (0..<3).map { _ in try TestHTTPConnection(port: fixture.port, timeout: 1) }
            XCTAssertTrue(eventually { fixture.server.connections.connections(from: "127.0.0.1") == 3 }, "\(loop)")
            // When a fourth comes from the same address
            let fourth = try TestHTTPConnection(port: fixture.port, timeout: 2)
            // Then it is closed, and another address is served
            XCTAssertTrue(fourth.isClosedByPeer(), "\(loop)")
            XCTAssertEqual(
                try TestHTTPConnection(port: fixture.port, timeout: 2, from: "127.0.0.2").request("GET", "/fast").status, 200,
                "\(loop)")
            // When one of the three trickles a head a byte every 100 ms
            let started = Date()
            let cut = trickleUntilCut(held[0], Array("GET /fast HTTP/1.1\r\nX-Slow: ".utf8) + [UInt8](repeating: 97, count: 60))
            // Then it is cut at its deadline, not kept open by the trickle
            XCTAssertTrue(cut, "\(loop)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 3, "\(loop)")
        }
    }

    func testEachLoopLetsAnInFlightAnswerFinishWhenTheServerStops() throws {
        for loop in Self.loops {
            // Given a request suspended for 300 ms
            let fixture = try makeFixture(loop)
            let port = fixture.port
            let slow = try TestHTTPConnection(port: port, timeout: 3)
            try slow.send("GET /later?n=last&ms=300 HTTP/1.1\r\nHost: x\r\n\r\n")
            usleep(50_000)
            // When the server stops
            fixture.server.stop()
            // Then the answer still arrives, and the port is closed afterwards
            let answer = try slow.readResponse()
            XCTAssertEqual(answer.status, 200, "\(loop)")
            XCTAssertEqual(answer.text, "later last", "\(loop)")
            XCTAssertFalse(TestHTTPConnection.canConnect(port: port), "\(loop)")
        }
    }
}
