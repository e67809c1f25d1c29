import Foundation
import XCTest

@testable import IngestService

/// Who may use the public chat routes: chat modes, Origin, rate limits, and chatd being down.
final class ChatHTTPAccessTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func tearDown() { fixture?.shutdown() }

    func testDisabledModeIsUnavailableForReadsAndForbiddenForWrites() throws {
        // Given a project with chat disabled
        fixture = try ChatHTTPFixture(chatMode: "disabled")

        // When the SDK checks, reads and sends
        let status = try fixture.get("/chat/status")
        let list = try fixture.get("/chat/messages")
        let send = try fixture.post("/chat/messages", ["body": "hi"])
        let card = try fixture.post("/chat/cards/opened", ["messageId": "x"])

        // Then reads say unavailable and writes are 403 CHAT_DISABLED
        XCTAssertEqual(status.status, 200)
        XCTAssertEqual(status.json["available"] as? Bool, false)
        XCTAssertEqual(status.json["hasUnread"] as? Bool, false)
        XCTAssertEqual(list.json["available"] as? Bool, false)
        XCTAssertEqual((list.json["messages"] as? [Any])?.count, 0)
        XCTAssertEqual(send.status, 403)
        XCTAssertEqual(send.code, "CHAT_DISABLED")
        XCTAssertEqual(card.code, "CHAT_DISABLED")
    }

    func testIdentifiedModeNeedsAnIdentity() throws {
        // Given identified chat
        fixture = try ChatHTTPFixture(chatMode: "identified")

        // When a voter token alone, then a verified identity, send
        let anonymous = try fixture.post("/chat/messages", ["body": "hi"])
        let status = try fixture.get("/chat/status")
        let identity = try fixture.identityHeaders(email: "bea@example.com")
        let identified = try fixture.post("/chat/messages", ["body": "hi"], token: nil, headers: identity)

        // Then only the identity gets through, owning the conversation by email
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(anonymous.code, "IDENTITY_REQUIRED")
        XCTAssertEqual(status.code, "IDENTITY_REQUIRED")
        XCTAssertEqual(identified.status, 201, identified.text)
        XCTAssertEqual(try fixture.conversations().first?["ownerKind"] as? String, "email")
    }

    func testAnyoneModeNeedsIdentityOrVoterToken() throws {
        // Given chat open to anyone
        fixture = try ChatHTTPFixture(chatMode: "anyone")

        // When a request carries neither, then a voter token
        let bare = try fixture.post("/chat/messages", ["body": "hi"], token: nil)
        let withToken = try fixture.post("/chat/messages", ["body": "hi"])

        // Then the bare one is 401 and the token owns its conversation
        XCTAssertEqual(bare.status, 401)
        XCTAssertEqual(bare.code, "IDENTITY_REQUIRED")
        XCTAssertEqual(withToken.status, 201, withToken.text)
        XCTAssertEqual(try fixture.conversations().first?["ownerKind"] as? String, "token")
    }

    func testDisallowedOriginIsRejectedButMissingOneIsFine() throws {
        // Given chat open to anyone
        fixture = try ChatHTTPFixture()

        // When sending with a foreign Origin, the allowed one, and none
        let foreign = try fixture.post("/chat/messages", ["body": "hi"], origin: "https://evil.example")
        let allowed = try fixture.post("/chat/messages", ["body": "hi"], origin: PublicAPI.origin)
        let missing = try fixture.post("/chat/messages", ["body": "again"])

        // Then only the foreign one is refused
        XCTAssertEqual(foreign.status, 403)
        XCTAssertEqual(foreign.code, "ORIGIN_NOT_ALLOWED")
        XCTAssertEqual(allowed.status, 201, allowed.text)
        XCTAssertEqual(missing.status, 201, missing.text)
    }

    func testInvalidBodiesKeepChatdsFieldErrors() throws {
        // Given chat open to anyone
        fixture = try ChatHTTPFixture()

        // When sending an empty and an oversized message
        let empty = try fixture.post("/chat/messages", ["body": ""])
        let long = try fixture.post("/chat/messages", ["body": String(repeating: "a", count: 2_001)])

        // Then both are 400 naming the field
        XCTAssertEqual(empty.status, 400, empty.text)
        XCTAssertEqual(empty.code, "INVALID_PAYLOAD")
        XCTAssertNotNil(empty.fields["body"])
        XCTAssertEqual(long.status, 400, long.text)
        XCTAssertNotNil(long.fields["body"])
    }

    func testMessageCreationIsRateLimitedSeparatelyFromReads() throws {
        // Given chat open to anyone and 20 messages sent
        fixture = try ChatHTTPFixture()
        for index in 0..<20 {
            let reply = try fixture.post("/chat/messages", ["body": "message \(index)"])
            XCTAssertEqual(reply.status, 201, reply.text)
        }

        // When one more is sent, and the status read
        let limited = try fixture.post("/chat/messages", ["body": "one too many"])
        let status = try fixture.get("/chat/status")

        // Then the send is 429 with Retry-After, the read still works
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.code, "RATE_LIMITED")
        XCTAssertNotNil(limited.header("Retry-After"))
        XCTAssertEqual(status.status, 200, status.text)
    }

    func testStatusReadsAreRateLimited() throws {
        // Given chat open to anyone and 60 status reads
        fixture = try ChatHTTPFixture()
        for _ in 0..<60 { XCTAssertEqual(try fixture.get("/chat/status").status, 200) }

        // When one more is made
        let limited = try fixture.get("/chat/status")

        // Then it is 429, while message reads have their own budget
        XCTAssertEqual(limited.status, 429)
        XCTAssertNotNil(limited.header("Retry-After"))
        XCTAssertEqual(try fixture.get("/chat/messages").status, 200)
    }

    func testChatdDownAnswers503Quickly() throws {
        // Given chatd stopped
        fixture = try ChatHTTPFixture()
        fixture.hub.stopDaemon(.chatd)

        // When the SDK sends and the operator lists
        let started = Date()
        let send = try fixture.post("/chat/messages", ["body": "anyone there?"])
        let list = try fixture.call("GET", "/projects/\(fixture.projectId)/conversations")
        let elapsed = Date().timeIntervalSince(started)

        // Then both are 503 with Retry-After within the RPC timeout
        XCTAssertEqual(send.status, 503, send.text)
        XCTAssertEqual(send.code, "SERVICE_UNAVAILABLE")
        XCTAssertNotNil(send.header("Retry-After"))
        XCTAssertEqual(list.status, 503, list.text)
        XCTAssertLessThan(elapsed, 4)
    }
}
