import Foundation
import XCTest

@testable import IngestService

final class AdminModerationTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
        try admin.store.db.run("UPDATE boards SET moderation = 'all' WHERE project_id = ?", [.text(projectId)])
    }

    override func tearDown() { admin?.shutdown() }

    func testQueueListsPendingIdeasAndComments() throws {
        // Given a pending idea, and an approved idea with a visible and a pending comment
        let pending = try admin.insertIdea(projectId: projectId, title: "Pending idea", moderation: "pending")
        let approved = try admin.insertIdea(projectId: projectId, title: "Approved idea", moderation: "approved")
        try admin.insertComment(ideaId: approved, moderation: "approved")
        let comment = try admin.insertComment(ideaId: approved, body: "Wait for me", moderation: "pending")
        // When the queue is read
        let queue = try admin.call("GET", "/projects/\(projectId!)/moderation")
        // Then it holds exactly the pending items
        XCTAssertEqual(queue.status, 200)
        XCTAssertEqual((queue.json["ideas"] as? [[String: Any]])?.map { $0["id"] as? String }, [pending])
        XCTAssertEqual((queue.json["comments"] as? [[String: Any]])?.map { $0["id"] as? String }, [comment])
        XCTAssertEqual((queue.json["comments"] as? [[String: Any]])?.first?["ideaId"] as? String, approved)
    }

    func testApprovingAndRejectingChangesVisibilityAndCounts() throws {
        // Given a pending idea and an idea with one visible and one pending comment
        let pending = try admin.insertIdea(projectId: projectId, title: "Pending idea", moderation: "pending")
        let idea = try admin.insertIdea(projectId: projectId, title: "Approved idea", moderation: "approved")
        try admin.insertComment(ideaId: idea, moderation: "approved")
        let comment = try admin.insertComment(ideaId: idea, moderation: "pending")
        XCTAssertEqual(try admin.ideaRow(idea).int("comment_count"), 1)
        // When the comment is approved
        let approvedComment = try admin.call("POST", "/comments/\(comment)/approve")
        // Then it counts and leaves the queue
        XCTAssertEqual(approvedComment.json["moderation"] as? String, "approved")
        XCTAssertEqual(try admin.ideaRow(idea).int("comment_count"), 2)
        // When it is rejected after all
        try admin.call("POST", "/comments/\(comment)/reject")
        // Then the count drops again
        XCTAssertEqual(try admin.ideaRow(idea).int("comment_count"), 1)
        // When the pending idea is approved, then another is rejected
        let approvedIdea = try admin.call("POST", "/ideas/\(pending)/approve")
        XCTAssertEqual(approvedIdea.json["moderation"] as? String, "approved")
        try admin.call("POST", "/ideas/\(idea)/reject")
        // Then the queue is empty and the lists filter by the new states
        let queue = try admin.call("GET", "/projects/\(projectId!)/moderation")
        XCTAssertEqual((queue.json["ideas"] as? [[String: Any]])?.count, 0)
        XCTAssertEqual((queue.json["comments"] as? [[String: Any]])?.count, 0)
        let rejected = try admin.call("GET", "/projects/\(projectId!)/ideas?moderation=rejected")
        XCTAssertEqual((rejected.json["items"] as? [[String: Any]])?.map { $0["id"] as? String }, [idea])
        XCTAssertEqual(try admin.ideaRow(pending).string("moderation"), "approved")
        // And an unknown comment is 404
        XCTAssertEqual(try admin.call("POST", "/comments/nope/approve").status, 404)
    }
}
