import Foundation
import XCTest

@testable import IngestService

final class AdminMergeTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    func testMergeCountsOverlappingVotersOnceAndMovesComments() throws {
        // Given two ideas with an overlapping voter, and comments on the duplicate (one pending)
        let source = try admin.insertIdea(projectId: projectId, title: "Dark mode", voters: ["token:a", "token:b", "email:c@x.dev"])
        let target = try admin.insertIdea(projectId: projectId, title: "Dark theme", voters: ["email:c@x.dev", "token:d"])
        try admin.insertComment(ideaId: source)
        try admin.insertComment(ideaId: source)
        try admin.insertComment(ideaId: source, moderation: "pending")
        try admin.insertComment(ideaId: target)
        // When the duplicate is merged
        let merged = try admin.call("POST", "/ideas/\(source)/merge", json: ["into": target])
        // Then the target counts each voter once and owns every comment
        XCTAssertEqual(merged.status, 200, "\(merged.json)")
        XCTAssertEqual(merged.json["id"] as? String, target)
        XCTAssertEqual(merged.json["voteCount"] as? Int, 4)
        XCTAssertEqual(merged.json["commentCount"] as? Int, 3)
        let db = admin.store.db
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM votes WHERE idea_id = ?", [.text(target)]).intValue, 4)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM comments WHERE idea_id = ?", [.text(target)]).intValue, 4)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM comments WHERE idea_id = ?", [.text(source)]).intValue, 0)
        // And the source is marked merged, leaves the list, and its ID reads as the target
        let row = try admin.ideaRow(source)
        XCTAssertEqual(row.string("merged_into_id"), target)
        XCTAssertEqual(row.int("vote_count"), 0)
        XCTAssertEqual(row.int("comment_count"), 0)
        let list = try admin.call("GET", "/projects/\(projectId!)/ideas")
        XCTAssertEqual((list.json["items"] as? [[String: Any]])?.map { $0["id"] as? String }, [target])
        XCTAssertEqual(try admin.call("GET", "/ideas/\(source)").json["id"] as? String, target)
        XCTAssertEqual(try admin.store.resolveMerged(ideaId: source), target)
    }

    func testRepeatedSelfCrossProjectAndMergedTargetMergesAreRefused() throws {
        // Given ideas in two projects of this organization and one of another organization
        let a = try admin.insertIdea(projectId: projectId, title: "A idea")
        let b = try admin.insertIdea(projectId: projectId, title: "B idea")
        let c = try admin.insertIdea(projectId: projectId, title: "C idea")
        let elsewhere = try admin.insertIdea(projectId: try admin.createProject(name: "Other app"), title: "Elsewhere")
        let acmeToken = try admin.createOrganization(slug: "acme", name: "Acme")
        let foreign = try admin.insertIdea(projectId: try admin.createProject(name: "Acme", token: acmeToken), title: "Foreign")
        XCTAssertEqual(try admin.call("POST", "/ideas/\(a)/merge", json: ["into": b]).status, 200)
        // When merges are attempted that must not happen
        let cases: [(String, String, Int, String)] = [
            (a, b, 409, "IDEA_MERGED"), (b, b, 400, "MERGE_INTO_SELF"), (b, elsewhere, 400, "MERGE_ACROSS_PROJECTS"),
            (c, a, 409, "MERGE_TARGET_MERGED"), (b, foreign, 400, "INVALID_PAYLOAD"),
        ]
        // Then each is refused with its stable code and nothing moves
        for (source, target, status, code) in cases {
            let result = try admin.call("POST", "/ideas/\(source)/merge", json: ["into": target])
            XCTAssertEqual(result.status, status, code)
            XCTAssertEqual(result.code, code)
        }
        XCTAssertNil(try admin.ideaRow(b).string("merged_into_id"))
        XCTAssertNil(try admin.ideaRow(c).string("merged_into_id"))
        // And merging the target onwards re-points the earlier duplicate
        XCTAssertEqual(try admin.call("POST", "/ideas/\(b)/merge", json: ["into": c]).status, 200)
        XCTAssertEqual(try admin.ideaRow(a).string("merged_into_id"), c)
        XCTAssertEqual(try admin.call("GET", "/ideas/\(a)").json["id"] as? String, c)
    }

    func testResolveMergedFollowsAChain() throws {
        // Given a chain a → b → c written directly
        let a = try admin.insertIdea(projectId: projectId, title: "A idea")
        let b = try admin.insertIdea(projectId: projectId, title: "B idea")
        let c = try admin.insertIdea(projectId: projectId, title: "C idea")
        try admin.store.db.run("UPDATE ideas SET merged_into_id = ? WHERE id = ?", [.text(b), .text(a)])
        try admin.store.db.run("UPDATE ideas SET merged_into_id = ? WHERE id = ?", [.text(c), .text(b)])
        // Then every link resolves to the end, and an unmerged idea to itself
        XCTAssertEqual(try admin.store.resolveMerged(ideaId: a), c)
        XCTAssertEqual(try admin.store.resolveMerged(ideaId: b), c)
        XCTAssertEqual(try admin.store.resolveMerged(ideaId: c), c)
    }
}
