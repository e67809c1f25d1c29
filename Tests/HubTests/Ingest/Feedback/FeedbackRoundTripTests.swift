import Foundation
import XCTest

@testable import IngestService

/// Private feedback (docs/feedback.md) end to end: the SDK submits, the team finds the
/// report by its receipt in the inbox, replies publicly and writes a note, and only the
/// author reads the public reply.
final class FeedbackRoundTripTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }

    override func tearDown() { community?.shutdown() }

    /// The team, with a write token of the project's organization.
    func admin(_ method: String, _ path: String, _ body: Any? = nil) throws -> HubReply {
        try community.call(method, path, json: body, token: community.organizationToken)
    }

    func testTeamReplyReachesTheAuthorWhileTheNoteAndOtherAccountsDoNot() throws {
        // Given Ana, signed in, submits a report
        let ana = try community.identityHeaders(email: "ana@example.com")
        let submitted = try community.send(
            "POST", "/feedback", FeedbackSubmissionTests.report(["email": "ana@example.com"]),
            key: "report-0001", headers: ana)
        XCTAssertEqual(submitted.status, 201, submitted.text)
        let id = try XCTUnwrap(submitted.json["id"] as? String)
        // When the team finds it by its receipt ID in the inbox, unread and to do
        let inbox = try admin("GET", "/projects/\(community.project.id)/feedback?read=false")
        let item = try XCTUnwrap((inbox.json["items"] as? [[String: Any]])?.first { $0["id"] as? String == id })
        XCTAssertEqual(item["status"] as? String, "todo")
        // And replies publicly, writes an internal note, and moves it to in progress
        XCTAssertEqual(try admin("POST", "/feedback/\(id)/replies", ["message": "Fixed in 2.1, thanks!", "internal": false]).status, 201)
        XCTAssertEqual(
            try admin("POST", "/feedback/\(id)/replies", ["message": "Customer on the legacy plan", "internal": true]).status, 201)
        XCTAssertEqual(try admin("PATCH", "/feedback/\(id)", ["status": "in_progress", "read": true]).status, 200)
        // Then Ana's thread has the public reply and the new status, never the note
        let thread = try community.get("/feedback/\(id)", token: nil, headers: ana)
        XCTAssertEqual(thread.status, 200, thread.text)
        XCTAssertEqual(thread.json["status"] as? String, "in_progress")
        XCTAssertEqual((thread.json["replies"] as? [[String: Any]])?.compactMap { $0["message"] as? String }, ["Fixed in 2.1, thanks!"])
        XCTAssertFalse(thread.text.contains("legacy plan"))
        // And another account cannot read it
        let bob = try community.get("/feedback/\(id)", token: nil, headers: try community.identityHeaders(email: "bob@example.com"))
        XCTAssertEqual(bob.status, 404)
        XCTAssertEqual(bob.code, "FEEDBACK_NOT_FOUND")
        // And the team's timeline and the outbox recorded each step once, the note producing no event
        let detail = try admin("GET", "/feedback/\(id)")
        let kinds = (detail.json["timeline"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } ?? []
        XCTAssertEqual(kinds.first, "created")
        XCTAssertTrue(kinds.contains("status") && kinds.contains("read"), "\(kinds)")
        let topics = try community.store.outbox.pending().map(\.topic)
        XCTAssertEqual(topics, ["feedback.created", "feedback.replied", "feedback.status"])
    }
}
