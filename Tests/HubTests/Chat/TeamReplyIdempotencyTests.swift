import Foundation
import XCTest

@testable import IngestService

/// Team replies through the operator API take `Idempotency-Key` (issue: chat-ops, "Team replies
/// are idempotent"): a retried post, or a provider's webhook delivered again with its message ID
/// as the key, posts once; the same key with another text is 409 `IDEMPOTENCY_CONFLICT`.
final class TeamReplyIdempotencyTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func setUpWithError() throws { fixture = try ChatHTTPFixture() }
    override func tearDown() { fixture?.shutdown() }

    func post(_ path: String, key: String?, _ body: [String: Any]) throws -> HubReply {
        try fixture.hub.request(
            "POST", "/api/admin/v1" + path, headers: OperatorAPI.bearer(OperatorAPI.token) + (key.map { [("Idempotency-Key", $0)] } ?? []),
            json: body)
    }

    func testAChatReplyPostedThreeTimesWithOneKeyIsSentOnce() throws {
        // Given a user's message
        try fixture.send("The export button does nothing")
        let conversation = try fixture.conversationId()
        // When the team's reply is posted three times with one key, then another text with it
        let path = "/conversations/\(conversation)/messages"
        let answers = try (0..<3).map { _ in try post(path, key: "telegram:-1001:42", ["body": "Fixed in 2.1"]) }
        let other = try post(path, key: "telegram:-1001:42", ["body": "Something else"])
        // Then each answer is the one message, the user sees it once, and the other text is refused
        XCTAssertEqual(answers.map(\.status), [201, 201, 201], answers.map(\.text).joined())
        XCTAssertEqual(Set(answers.compactMap { $0.json["id"] as? String }).count, 1)
        XCTAssertEqual(try fixture.messages().map { $0["body"] as? String }, ["The export button does nothing", "Fixed in 2.1"])
        XCTAssertEqual(other.status, 409)
        XCTAssertEqual(other.code, "IDEMPOTENCY_CONFLICT")
        // And without a key two posts are two messages, while a malformed key is refused
        _ = try post(path, key: nil, ["body": "Anything else?"])
        _ = try post(path, key: nil, ["body": "Anything else?"])
        XCTAssertEqual(try fixture.messages().count, 4)
        XCTAssertEqual(try post(path, key: "short", ["body": "x"]).code, "INVALID_IDEMPOTENCY_KEY")
        XCTAssertEqual(try post(path, key: String(repeating: "k", count: 129), ["body": "x"]).code, "INVALID_IDEMPOTENCY_KEY")
        XCTAssertEqual(try post(path, key: String(repeating: "k", count: 128), ["body": "Last one"]).status, 201)
        XCTAssertEqual(try fixture.messages().count, 5)
    }

    func testAReportReplyPostedTwiceWithOneKeyIsSavedOnceAndReplayed() throws {
        // Given a report with a reporter email
        let admin = try AdminClient()
        defer { admin.shutdown() }
        let project = try admin.createProject()
        let id = try admin.insertFeedback(projectId: project, message: "Export fails", email: "user@example.com")
        let send = { (key: String?, message: String) in
            try admin.hub.request(
                "POST", "/api/admin/v1/feedback/\(id)/replies",
                headers: OperatorAPI.bearer(OperatorAPI.token) + (key.map { [("Idempotency-Key", $0)] } ?? []),
                json: ["message": message, "internal": false])
        }
        // When the reply is posted twice with one key, then another text with it
        let first = try send("discord:9001", "Fixed in 2.1")
        let again = try send("discord:9001", "Fixed in 2.1")
        let other = try send("discord:9001", "Another text")
        // Then one reply is saved with one outbox event, the retry replays the first answer and
        // says so, and the other text is 409
        XCTAssertEqual(first.status, 201, first.text)
        XCTAssertEqual(again.status, 201)
        XCTAssertEqual(again.json["id"] as? String, first.json["id"] as? String)
        XCTAssertEqual(again.header("idempotency-replayed"), "true")
        XCTAssertNil(first.header("idempotency-replayed"))
        XCTAssertEqual(other.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(
            try admin.store.db.scalar("SELECT COUNT(*) FROM feedback_replies WHERE feedback_id = ?", [.text(id)]).intValue, 1)
        XCTAssertEqual(try admin.store.outbox.pending().filter { $0.topic == "feedback.replied" }.count, 1)
        // And a malformed key is refused with nothing saved
        XCTAssertEqual(try send("bad key!", "Fixed in 2.1").code, "INVALID_IDEMPOTENCY_KEY")
        XCTAssertEqual(
            try admin.store.db.scalar("SELECT COUNT(*) FROM feedback_replies WHERE feedback_id = ?", [.text(id)]).intValue, 1)
    }
}
