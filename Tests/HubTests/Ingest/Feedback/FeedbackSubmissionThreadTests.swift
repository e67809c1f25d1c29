import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// `GET /api/v1/feedback/{id}`: reading replies as the author (docs/feedback.md, "Read replies as
/// the author").
final class FeedbackSubmissionThreadTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    func submit(as email: String?) throws -> String {
        let headers = try email.map { try community.identityHeaders(email: $0) } ?? []
        let reply = try community.send("POST", "/feedback", FeedbackSubmissionTests.report(["type": "suggestion"]), headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return try reply.decode(SDKFeedbackReceipt.self).id
    }

    func insertReply(_ feedbackId: String, _ id: String, _ message: String, isInternal: Bool, at createdAt: String) throws {
        try community.store.db.run(
            """
            INSERT INTO feedback_replies (id, feedback_id, message, internal, created_at) VALUES (?, ?, ?, ?, ?)
            """, [.text(id), .text(feedbackId), .text(message), .int(isInternal ? 1 : 0), .text(createdAt)])
    }

    func thread(_ id: String, as email: String?, appId: String? = nil) throws -> HubReply {
        try community.get(
            "/feedback/" + id, token: nil, appId: appId,
            headers: try email.map { try community.identityHeaders(email: $0) } ?? [])
    }

    func testAuthorReadsPublicRepliesOldestFirstWithoutNotesOrPrivateFields() throws {
        // Given a report by Ana with two public staff replies and an internal note between them
        let id = try submit(as: "ana@example.com")
        try insertReply(id, "r2", "Fixed in 2.1", isInternal: false, at: "2026-11-30T10:00:02.000Z")
        try insertReply(id, "r1", "Thanks, looking", isInternal: false, at: "2026-11-30T10:00:00.000Z")
        try insertReply(id, "n1", "internal: customer is on the old plan", isInternal: true, at: "2026-11-30T10:00:01.000Z")
        try community.store.db.run("UPDATE feedback SET status = 'in_progress' WHERE id = ?", [.text(id)])
        // When Ana fetches the thread with her identity
        let reply = try thread(id, as: "ana@example.com")
        // Then it decodes as the SDK's thread, replies oldest first, note absent
        XCTAssertEqual(reply.status, 200, reply.text)
        let decoded = try reply.decode(SDKFeedbackThread.self)
        XCTAssertEqual(decoded.id, id)
        XCTAssertEqual(decoded.type, "suggestion")
        XCTAssertEqual(decoded.status, "in_progress")
        XCTAssertEqual(decoded.message, "The save button does nothing.")
        XCTAssertEqual(decoded.replies.map(\.id), ["r1", "r2"])
        XCTAssertEqual(decoded.replies.map(\.message), ["Thanks, looking", "Fixed in 2.1"])
        XCTAssertFalse(reply.text.contains("internal"))
        // And exactly the thread's fields (docs/feedback.md), no contact, diagnostics or screenshot
        XCTAssertEqual(Set(reply.json.keys), ["id", "type", "status", "message", "createdAt", "updatedAt", "replies"])
    }

    func testAnotherAccountAnotherProjectOrAnUnknownIdIsNotFound() throws {
        // Given Ana's report and a second project with the same identity secret
        let id = try submit(as: "ana@example.com")
        let other = try community.newProject(name: "Other", token: community.organizationToken)
        let elsewhereIdentity = try community.identityHeaders(email: "ana@example.com", projectId: other.id)
        // When Bob, or Ana through the other project, or anyone asks for it or an unknown ID
        let bob = try thread(id, as: "bob@example.com")
        let unknown = try thread("0193-not-a-report", as: "ana@example.com")
        let elsewhere = try community.get("/feedback/" + id, token: nil, appId: other.appId, headers: elsewhereIdentity)
        // Then each is 404 FEEDBACK_NOT_FOUND, indistinguishable from one another
        for reply in [bob, unknown, elsewhere] {
            XCTAssertEqual(reply.status, 404, reply.text)
            XCTAssertEqual(reply.code, "FEEDBACK_NOT_FOUND")
        }
        XCTAssertEqual(try thread(id, as: "ana@example.com").status, 200)
    }

    func testIdentityIsRequiredAndAnonymousReportsStayUnreadable() throws {
        // Given an anonymous report (voter token only)
        let id = try submit(as: nil)
        // When read without identity, then 401 IDENTITY_REQUIRED
        let anonymous = try community.get("/feedback/" + id)
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(anonymous.code, "IDENTITY_REQUIRED")
        // And signing in later does not make it the author's
        XCTAssertEqual(try thread(id, as: "ana@example.com").code, "FEEDBACK_NOT_FOUND")
    }

    func testThreadReadsAreLimitedTo60PerMinute() throws {
        let id = try submit(as: "ana@example.com")
        let headers = try community.identityHeaders(email: "ana@example.com")
        for _ in 0..<60 { XCTAssertEqual(try community.get("/feedback/" + id, token: nil, headers: headers).status, 200) }
        let limited = try community.get("/feedback/" + id, token: nil, headers: headers)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.code, "RATE_LIMITED")
    }
}

/// The SDK's AppNorthFeedbackThread and AppNorthFeedbackReply, property for property.
struct SDKFeedbackThread: Decodable {
    struct Reply: Decodable {
        let id: String
        let message: String
        let createdAt: String
    }
    let id: String
    let type: String
    let status: String
    let message: String
    let createdAt: String
    let updatedAt: String
    let replies: [Reply]
}
