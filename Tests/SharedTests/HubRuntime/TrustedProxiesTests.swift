import Foundation
import HubHTTPServer
import TestSupport
import XCTest

@testable import HubRuntime

/// `X-Forwarded-For` and `X-Forwarded-Proto` are believed from trusted proxies only.
final class TrustedProxiesTests: XCTestCase {
    private func proxies(_ list: String) throws -> TrustedProxies { try TrustedProxies.parse(list).get() }

    func testRangesMatchTheirAddressesAndNoOthers() throws {
        let ranges = try proxies("10.0.0.0/8, 192.168.1.7, fd00::/8, ::1")
        XCTAssertTrue(ranges.isTrusted("10.255.3.4"))
        XCTAssertFalse(ranges.isTrusted("11.0.0.1"))
        XCTAssertTrue(ranges.isTrusted("192.168.1.7"))
        XCTAssertFalse(ranges.isTrusted("192.168.1.8"))
        XCTAssertTrue(ranges.isTrusted("fd12::1"))
        XCTAssertFalse(ranges.isTrusted("fe80::1"))
        XCTAssertTrue(ranges.isTrusted("::1"))
        XCTAssertTrue(ranges.isTrusted("::ffff:10.1.2.3"), "an IPv4-mapped address is the IPv4 address")
        XCTAssertFalse(ranges.isTrusted("not-an-ip"))
        XCTAssertTrue(try proxies("0.0.0.0/0").isTrusted("203.0.113.9"))
        XCTAssertTrue(try proxies("198.51.100.0/31").isTrusted("198.51.100.1"))
        XCTAssertFalse(try proxies("198.51.100.0/31").isTrusted("198.51.100.2"))
    }

    func testABadEntryIsNamed() {
        for bad in ["10.0.0.0/33", "10.0.0/8", "proxy.example", "::1/129", "10.0.0.1/", "/8"] {
            XCTAssertEqual(TrustedProxies.parse("127.0.0.1, \(bad)"), .failure(TrustedProxies.InvalidEntry(entry: bad)), bad)
        }
        XCTAssertEqual(try proxies("").ranges, [])
        XCTAssertEqual(try proxies(" , ").ranges, [])
    }

    func testTheRightMostUntrustedHopIsTheClient() throws {
        let trusted = try proxies("127.0.0.1, 10.0.0.0/8")
        // A client may write anything to the left; the proxies append on the right.
        XCTAssertEqual(trusted.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.7"]), "198.51.100.7")
        XCTAssertEqual(trusted.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 10.1.1.1"]), "198.51.100.7")
        XCTAssertEqual(
            trusted.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "198.51.100.7"]), "198.51.100.7",
            "several headers read as one list in order")
        XCTAssertEqual(
            trusted.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.2.2.2, 10.1.1.1"]), "10.2.2.2",
            "every hop trusted: the left-most")
        XCTAssertEqual(
            trusted.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, garbage"]), "127.0.0.1",
            "a hop that is no address is never a key")
        XCTAssertEqual(trusted.clientAddress(peer: "127.0.0.1", forwardedFor: []), "127.0.0.1")
        XCTAssertEqual(
            trusted.clientAddress(peer: "203.0.113.5", forwardedFor: ["198.51.100.7"]), "203.0.113.5",
            "an untrusted peer's header is ignored")
        XCTAssertEqual(TrustedProxies().clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7"]), "127.0.0.1")
    }

    func testTheSchemeIsTheTrustedProxysWord() throws {
        let trusted = try proxies("127.0.0.1")
        XCTAssertEqual(trusted.forwardedScheme(peer: "127.0.0.1", forwardedProto: "https"), "https")
        XCTAssertEqual(trusted.forwardedScheme(peer: "127.0.0.1", forwardedProto: "HTTP"), "http")
        XCTAssertEqual(trusted.forwardedScheme(peer: "127.0.0.1", forwardedProto: "gopher"), nil)
        XCTAssertEqual(trusted.forwardedScheme(peer: "203.0.113.5", forwardedProto: "https"), nil)
    }

    func testAServerBehindATrustedProxySeesTheForwardedClient() throws {
        // Given: one server trusting 127.0.0.1, one trusting nobody
        func fixture(_ trusted: TrustedProxies) throws -> TestServerFixture {
            let trusting: (inout HTTPServerOptions) -> Void = { $0.trustedProxies = trusted }
            return try TestServerFixture(options: trusting) { router in
                router.add("GET", "/whoami") { request in
                    .text("\(request.remoteAddress ?? "-") \(request.peerAddress ?? "-") \(request.scheme)")
                }
            }
        }
        let behindProxy = try fixture(try proxies("127.0.0.1"))
        let direct = try fixture(TrustedProxies())
        let headers = [("X-Forwarded-For", "6.6.6.6, 198.51.100.7"), ("X-Forwarded-Proto", "https")]
        // When
        let proxied = try TestHTTPConnection.fetch(port: behindProxy.port, "GET", "/whoami", headers: headers)
        let spoofed = try TestHTTPConnection.fetch(port: direct.port, "GET", "/whoami", headers: headers)
        // Then
        XCTAssertEqual(proxied.text, "198.51.100.7 127.0.0.1 https")
        XCTAssertEqual(spoofed.text, "127.0.0.1 127.0.0.1 http")
    }
}
