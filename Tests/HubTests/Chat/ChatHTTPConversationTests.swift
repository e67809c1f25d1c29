import Foundation
import XCTest

@testable import IngestService

/// The support chat loop (docs/chat.md) over real HTTP: the user writes, the team answers through
/// the operator API, and the unread flag follows.
final class ChatHTTPConversationTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func setUpWithError() throws { fixture = try ChatHTTPFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testUserAndTeamRoundTripWithUnreadFlag() throws {
        // Given a user message and two team replies, one of them an internal note
        let sent = try fixture.send("The export button does nothing")
        XCTAssertEqual(sent["sender"] as? String, "user")
        XCTAssertTrue(sent.keys.contains("kind") && sent["internal"] == nil, "\(sent)")
        XCTAssertEqual(try fixture.hasUnread(), false)
        let conversation = try fixture.conversationId()
        XCTAssertEqual(try fixture.conversations("?unread=true").count, 1)
        let reply = try fixture.call("POST", "/conversations/\(conversation)/messages", json: ["body": "Fixed in 2.1", "internal": false])
        XCTAssertEqual(reply.status, 201, reply.text)
        XCTAssertEqual(reply.json["internal"] as? Bool, false)
        let note = try fixture.call("POST", "/conversations/\(conversation)/messages", json: ["body": "VIP user", "internal": true])
        XCTAssertEqual(note.status, 201, note.text)

        // When the user checks status twice, then reads
        let first = try fixture.hasUnread()
        let second = try fixture.hasUnread()
        let thread = try fixture.messages()

        // Then status never marked read, reading did, and the note stays the team's
        XCTAssertEqual(first, true)
        XCTAssertEqual(second, true)
        XCTAssertEqual(thread.map { $0["body"] as? String }, ["The export button does nothing", "Fixed in 2.1"])
        XCTAssertEqual(thread.map { $0["sender"] as? String }, ["user", "team"])
        XCTAssertEqual(try fixture.hasUnread(), false)
        let team = try fixture.call("GET", "/conversations/\(conversation)/messages")
        XCTAssertEqual(team.status, 200, team.text)
        let items = team.json["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.map { $0["internal"] as? Bool }, [false, false, true])
        XCTAssertTrue(team.json.keys.contains("nextCursor"))
        XCTAssertEqual(try fixture.conversations("?unread=true").count, 0)
    }

    func testAfterReturnsOnlyNewerMessages() throws {
        // Given two messages
        let first = try fixture.send("one")
        try fixture.send("two")

        // When reading after the first
        let newer = try fixture.messages(after: first["id"] as? String)

        // Then only the second comes back
        XCTAssertEqual(newer.map { $0["body"] as? String }, ["two"])
    }

    func testRetryWithSameKeyStoresOneMessage() throws {
        // Given a message sent with an idempotency key
        let first = try fixture.post("/chat/messages", ["body": "hello"], key: "chat-key-0001")
        XCTAssertEqual(first.status, 201, first.text)
        XCTAssertNil(first.header("Idempotency-Replayed"))

        // When it is retried, once with the same body and once with another
        let retry = try fixture.post("/chat/messages", ["body": "hello"], key: "chat-key-0001")
        let conflict = try fixture.post("/chat/messages", ["body": "other"], key: "chat-key-0001")
        let invalid = try fixture.post("/chat/messages", ["body": "hello"], key: "short")

        // Then the retry answers the same message and one is stored
        XCTAssertEqual(retry.status, 201, retry.text)
        XCTAssertEqual(retry.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(retry.json["id"] as? String, first.json["id"] as? String)
        XCTAssertEqual(conflict.status, 409, conflict.text)
        XCTAssertEqual(conflict.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(invalid.code, "INVALID_IDEMPOTENCY_KEY")
        XCTAssertEqual(try fixture.messages().count, 1)
    }

    func testAnotherParticipantNeverSeesTheConversation() throws {
        // Given a conversation of one voter token and one of an identity
        try fixture.send("token one's question")
        let identity = try fixture.identityHeaders(email: "ann@example.com")
        try fixture.send("ann's question", token: nil, headers: identity)

        // When another token and the identity read
        let other = try fixture.messages(token: "voter-token-0000000002")
        let reply = try fixture.get("/chat/messages", token: nil, headers: identity)

        // Then each sees only their own
        XCTAssertTrue(other.isEmpty)
        XCTAssertEqual((reply.json["messages"] as? [[String: Any]])?.map { $0["body"] as? String }, ["ann's question"])
        XCTAssertEqual(try fixture.messages().map { $0["body"] as? String }, ["token one's question"])
        XCTAssertEqual(try fixture.conversations().count, 2)
    }

    func testReviewCardThroughPinnedRouteReachesTheUser() throws {
        // Given a conversation
        try fixture.send("Love the app")
        let conversation = try fixture.conversationId()

        // When the team sends a review card, and tries an offer
        let card = try fixture.call("POST", "/conversations/\(conversation)/cards", json: ["kind": "review_request"])
        let offer = try fixture.call("POST", "/conversations/\(conversation)/cards", json: ["kind": "offer", "paywallId": "p"])
        let missing = try fixture.call("POST", "/conversations/no-such-conversation/cards", json: ["kind": "review_request"])

        // Then the user's thread carries it and can record it
        XCTAssertEqual(card.status, 201, card.text)
        XCTAssertEqual(card.json["kind"] as? String, "review_request")
        XCTAssertEqual(offer.status, 400)
        XCTAssertEqual(offer.code, "INVALID_PAYLOAD", "an offer needs its button label")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.code, "CONVERSATION_NOT_FOUND")
        let thread = try fixture.messages()
        let last = try XCTUnwrap(thread.last)
        XCTAssertEqual(last["kind"] as? String, "review_request")
        XCTAssertEqual((last["actionCard"] as? [String: Any])?["kind"] as? String, "review_request")
        let opened = try fixture.post("/chat/cards/opened", ["messageId": last["id"] as? String ?? ""])
        XCTAssertEqual(opened.status, 204, opened.text)
        XCTAssertNotNil(try fixture.messages().last?["openedAt"] as? String)
        let unknown = try fixture.post("/chat/cards/tapped", ["messageId": "nope"])
        XCTAssertEqual(unknown.code, "MESSAGE_NOT_FOUND")
    }

    func testPositiveResolutionSendsAutomaticCardWhenEnabled() throws {
        // Given automatic review requests turned on and a conversation
        let patched = try fixture.call("PATCH", "/projects/\(fixture.projectId)", json: ["automaticReviewRequests": true])
        XCTAssertEqual(patched.status, 200, patched.text)
        try fixture.send("Thanks for the fix")
        let conversation = try fixture.conversationId()

        // When the team resolves it positively
        let resolved = try fixture.call("POST", "/conversations/\(conversation)/resolve", json: ["sentiment": "positive"])

        // Then it is resolved and the user got the review card
        XCTAssertEqual(resolved.status, 200, resolved.text)
        XCTAssertEqual(resolved.json["status"] as? String, "resolved")
        XCTAssertEqual(resolved.json["sentiment"] as? String, "positive")
        XCTAssertEqual(try fixture.messages().last?["kind"] as? String, "review_request")
        let reopened = try fixture.call("POST", "/conversations/\(conversation)/reopen")
        XCTAssertEqual(reopened.status, 200, reopened.text)
        XCTAssertEqual(reopened.json["status"] as? String, "open")
    }

    func testPositiveResolutionWithoutSettingSendsNoCard() throws {
        // Given the default project (automatic review requests off) and a conversation
        try fixture.send("Thanks")
        let conversation = try fixture.conversationId()

        // When resolved positively
        let resolved = try fixture.call("POST", "/conversations/\(conversation)/resolve", json: ["sentiment": "positive"])

        // Then no card was sent
        XCTAssertEqual(resolved.status, 200, resolved.text)
        XCTAssertEqual(try fixture.messages().compactMap { $0["kind"] as? String }, [])
    }

    func testAnotherOrganizationsTokenCannotReachTheConversation() throws {
        // Given a conversation, another organization's write token and this organization's read token
        try fixture.send("private question")
        let conversation = try fixture.conversationId()
        let outsider = try fixture.createOrganization(slug: "other", name: "Other")
        _ = try fixture.createProject(name: "Other app", token: outsider)
        let reader = try fixture.createToken(name: "reader", scope: "read")
        // A sibling project in the caller's organization that does not own the conversation.
        _ = try fixture.createProject(name: "Aaa sibling")

        // When the outsider reads and posts, and the reader posts
        func call(_ method: String, _ path: String, _ token: String, _ body: Any? = nil) throws -> Int {
            try fixture.call(method, path, json: body, token: token).status
        }
        let outsiderRead = try call("GET", "/conversations/\(conversation)/messages", outsider)
        let outsiderPost = try call("POST", "/conversations/\(conversation)/messages", outsider, ["body": "hi", "internal": false])
        let readerPost = try call("POST", "/conversations/\(conversation)/messages", reader, ["body": "hi", "internal": false])
        let readerRead = try call("GET", "/conversations/\(conversation)/messages", reader)

        // Then the outsider sees 404, the read token may only read, past the sibling project
        XCTAssertEqual(outsiderRead, 404)
        XCTAssertEqual(outsiderPost, 404)
        XCTAssertEqual(readerPost, 403)
        XCTAssertEqual(readerRead, 200)
        XCTAssertEqual(try fixture.messages().count, 1)
    }
}
