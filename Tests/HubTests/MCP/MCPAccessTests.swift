import Foundation
import XCTest

@testable import IngestService

/// Who may use `POST /api/v1/mcp`, decided from the request's head (issue 21): a live API token
/// (401 with `WWW-Authenticate` otherwise), an `Origin` of the hub's own when one is sent (403),
/// and the token's request budget (429 with `Retry-After`).
final class MCPAccessTests: XCTestCase {
    var f: MCPFixture!

    override func tearDown() { f?.shutdown() }

    func errorCode(_ reply: HubReply) -> Int? { (reply.json["error"] as? [String: Any])?["code"] as? Int }

    func assertUnauthorized(_ reply: HubReply, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reply.status, 401, what, file: file, line: line)
        XCTAssertEqual(reply.header("WWW-Authenticate"), "Bearer", what, file: file, line: line)
        XCTAssertEqual(reply.json["jsonrpc"] as? String, "2.0", what, file: file, line: line)
        XCTAssertEqual(errorCode(reply), -32001, what, file: file, line: line)
    }

    func testMissingRevokedAndAuthorlessTokensAre401WithWWWAuthenticate() throws {
        // Given a hub, a read token that works, and an admin's token that works
        f = try MCPFixture()
        let read = try f.createToken(name: "agent", scope: "read")
        let admin = try f.memberToken("bo@example.com", role: .admin, scope: .write)
        XCTAssertEqual(try f.rpc("ping", token: read).status, 200)
        XCTAssertEqual(try f.rpc("ping", token: admin.token).status, 200)
        // When the read token is revoked and the admin removed
        let tokenId = try XCTUnwrap(
            f.call("GET", "/tokens").items.first { $0["name"] as? String == "agent" && $0["scope"] as? String == "read" }?["id"] as? String)
        XCTAssertEqual(try f.call("DELETE", "/tokens/\(tokenId)").status, 204)
        XCTAssertEqual(try f.call("DELETE", "/organization/members/\(admin.memberId)").status, 204)
        // Then those, no token, an unknown one and another scheme are 401 with a JSON-RPC body
        assertUnauthorized(try f.rpc("ping", token: read), "revoked")
        assertUnauthorized(try f.rpc("ping", token: admin.token), "author removed")
        assertUnauthorized(try f.rpc("ping", token: nil), "none")
        assertUnauthorized(try f.rpc("ping", token: "an_" + String(repeating: "x", count: 40)), "unknown")
        assertUnauthorized(try f.rpc("ping", token: nil, headers: [("Authorization", "Basic YWxhZGRpbjpvcGVuc2VzYW1l")]), "basic")
        // And a notification without a token is refused too, not accepted
        assertUnauthorized(try f.post(["jsonrpc": "2.0", "method": "notifications/initialized"], token: nil), "notification")
    }

    func testAnOriginThatIsNotTheHubsOwnIs403() throws {
        // Given a hub reached at 127.0.0.1 on its port
        f = try MCPFixture()
        let own = "http://127.0.0.1:\(f.hub.app!.server.port)"
        // When requests come with another origin, the hub's own, or none
        let foreign = try f.rpc("ping", headers: [("Origin", "http://evil.example")])
        let otherPort = try f.rpc("ping", headers: [("Origin", "http://127.0.0.1:1")])
        let same = try f.rpc("ping", headers: [("Origin", own)])
        let none = try f.rpc("ping")
        // Then only the foreign ones are 403, before the token is even looked at
        XCTAssertEqual(foreign.status, 403)
        XCTAssertEqual(errorCode(foreign), -32000)
        XCTAssertEqual(otherPort.status, 403)
        XCTAssertEqual(try f.rpc("ping", token: nil, headers: [("Origin", "http://evil.example")]).status, 403)
        XCTAssertEqual(same.status, 200)
        XCTAssertEqual(none.status, 200)
    }

    func testEachTokenHasItsOwnBudgetAndA429SaysWhenToRetry() throws {
        // Given a budget of 3 requests a minute per token (the clock stands still)
        f = try MCPFixture(environment: ["APPNORTH_MCP_RATE_PER_MIN": "3"])
        let other = try f.createToken(name: "other", scope: "read")
        // When one token sends four requests
        let replies = try (1...4).map { _ in try f.rpc("ping") }
        // Then three are answered and the fourth is 429 with Retry-After and a JSON-RPC body
        XCTAssertEqual(replies.map(\.status), [200, 200, 200, 429])
        XCTAssertEqual(replies[3].header("Retry-After"), "20")
        XCTAssertEqual(errorCode(replies[3]), -32000)
        // And another token of the same organization still has its own three
        XCTAssertEqual(try f.rpc("ping", token: other).status, 200)
        // And after 20 seconds the first token has one again
        f.clock.advance(by: 20)
        XCTAssertEqual(try f.rpc("ping").status, 200)
        XCTAssertEqual(try f.rpc("ping").status, 429)
    }

    func testABodyPastTheLimitIsRefusedFromItsHead() throws {
        // Given a hub
        f = try MCPFixture()
        // When a body of 262,145 bytes is sent, and one of 262,144
        let message = Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".utf8)
        let fits = message + [UInt8](repeating: 0x20, count: 262_144 - message.count)
        let over = fits + [0x20]
        // Then the larger is 413 and the other answered
        XCTAssertEqual(fits.count, 262_144)
        XCTAssertEqual(try f.post(body: over).status, 413)
        XCTAssertEqual(try f.post(body: fits).status, 200)
    }
}
