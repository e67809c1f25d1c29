import XCTest

@testable import HubHTTPServer
@testable import IngestService

/// Links the hub hands out (photo URLs, invitations) start at `APPNORTH_PUBLIC_URL`, else at the
/// request's own Host when it is a plain authority.
final class PublicBaseTests: XCTestCase {
    private func base(host: String?, scheme: String = "http", configured: String? = nil) -> String {
        let headers = HTTPHeaders(host.map { [(name: "Host", value: $0)] } ?? [])
        return HTTPRequest(method: "POST", path: "/api/v1/chat/messages", headers: headers, scheme: scheme)
            .publicBase(configured: configured)
    }

    func testAPlainHostIsUsedWithTheRequestsScheme() {
        XCTAssertEqual(base(host: "hub.example.com"), "http://hub.example.com")
        XCTAssertEqual(base(host: "hub.example.com:8443", scheme: "https"), "https://hub.example.com:8443")
        XCTAssertEqual(base(host: "[::1]:8080"), "http://[::1]:8080")
        XCTAssertEqual(base(host: "bücher.example"), "http://bücher.example")
    }

    func testTheConfiguredURLWinsOverAnyHost() {
        XCTAssertEqual(base(host: "evil.example", configured: "https://hub.example.com"), "https://hub.example.com")
    }

    func testAHostThatWouldChangeTheLinkFallsBackToLocalhost() {
        // Given a Host with a byte that ends or changes an authority, or none at all
        for host in ["", "a b", "evil.example/x", "evil.example\\x", "user@evil.example", "evil.example?x", "evil.example#x"] {
            // Then the link stays on localhost
            XCTAssertEqual(base(host: host), "http://localhost", host)
        }
        XCTAssertEqual(base(host: nil), "http://localhost")
    }
}
