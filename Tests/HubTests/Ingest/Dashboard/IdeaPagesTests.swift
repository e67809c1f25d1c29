import Foundation
import XCTest

@testable import IngestService

/// The ideas, moderation, boards and changelog pages (issue: "Ideas"): members moderate,
/// edit, pin, merge and comment; only owners and admins change boards and publish, whatever
/// the page showed. Changes are read back through the operator API.
final class IdeaPagesTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject(name: "Notes")
    }

    override func tearDown() { admin?.shutdown() }

    private func idea(_ id: String) throws -> [String: Any] { try admin.call("GET", "/ideas/\(id)").json }

    func testAScriptTitleIsTextOnEveryIdeasPage() throws {
        // Given a pending idea titled with markup
        let id = try admin.insertIdea(projectId: projectId, title: "<script>alert(1)</script>", moderation: "pending")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        // When a member opens the list, the queue and the idea
        for path in ["/dashboard/ideas?app=\(projectId!)", "/dashboard/ideas/moderation?app=\(projectId!)", "/dashboard/ideas/\(id)"] {
            let page = try bo.get(path)
            // Then each answers and shows the title as text
            XCTAssertEqual(page.status, 200, path)
            XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), path)
            XCTAssertFalse(page.text.contains("<script>alert(1)"), path)
        }
    }

    func testTheListFiltersBySearchAndCountsTheQueue() throws {
        try admin.insertIdea(projectId: projectId, title: "Dark mode please")
        try admin.insertIdea(projectId: projectId, title: "Widgets", moderation: "pending")
        let page = try admin.pages(as: "bo@example.com", role: .member).get("/dashboard/ideas?app=\(projectId!)&q=dark")
        XCTAssertTrue(page.text.contains("Dark mode please"))
        XCTAssertFalse(page.text.contains(">Widgets<"))
        XCTAssertTrue(page.text.contains("1 item waits for review"), page.text)
    }

    func testApprovingFromTheQueueShowsTheIdeaPubliclyAndRejectingHidesIt() throws {
        // Given two pending ideas
        let good = try admin.insertIdea(projectId: projectId, title: "Offline sync", moderation: "pending")
        let bad = try admin.insertIdea(projectId: projectId, title: "Spam spam", moderation: "pending")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/ideas/moderation?app=\(projectId!)")
        let queue = [("Referer", admin.hub.baseURL + "/dashboard/ideas/moderation?app=\(projectId!)")]
        // When a member approves one and rejects the other from the queue
        let approved = try bo.post("/dashboard/ideas/\(good)/approve", headers: queue)
        let rejected = try bo.post("/dashboard/ideas/\(bad)/reject", headers: queue)
        // Then each goes back to the queue, and the store says so
        XCTAssertEqual(approved.header("location"), "/dashboard/ideas/moderation?app=\(projectId!)&done=approved")
        XCTAssertEqual(rejected.status, 303)
        XCTAssertEqual(try idea(good)["moderation"] as? String, "approved")
        XCTAssertEqual(try idea(bad)["moderation"] as? String, "rejected")
        XCTAssertTrue(try bo.get("/dashboard/ideas/moderation?app=\(projectId!)").text.contains("Nothing waits for review."))
    }

    func testEditStatusPinMergeAndCommentChangeTheIdea() throws {
        let id = try admin.insertIdea(projectId: projectId, title: "Dark mode")
        let keep = try admin.insertIdea(projectId: projectId, title: "Night theme", voters: ["email:a@example.com"])
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/ideas/\(id)")
        // When a member edits, sets a status, pins and comments
        XCTAssertEqual(
            try bo.post("/dashboard/ideas/\(id)", [("title", "Dark mode everywhere"), ("description", "All screens")]).header("location"),
            "/dashboard/ideas/\(id)?done=edited")
        XCTAssertEqual(try bo.post("/dashboard/ideas/\(id)", [("status", "planned")]).status, 303)
        XCTAssertEqual(try bo.post("/dashboard/ideas/\(id)", [("pinned", "1")]).header("location"), "/dashboard/ideas/\(id)?done=pinned")
        XCTAssertEqual(try bo.post("/dashboard/ideas/\(id)/comments", [("body", "On the way")]).status, 303)
        // Then the operator API reads each change, the comment signed with the member's name
        let json = try idea(id)
        XCTAssertEqual(json["title"] as? String, "Dark mode everywhere")
        XCTAssertEqual(json["description"] as? String, "All screens")
        XCTAssertEqual((json["status"] as? [String: Any])?["slug"] as? String, "planned")
        XCTAssertEqual(json["pinned"] as? Bool, true)
        XCTAssertEqual(json["commentCount"] as? Int, 1)
        XCTAssertTrue(
            try bo.get("/dashboard/ideas/\(id)").text.contains("<strong>Bo</strong> <span class=\"badge accent\">Official</span>"))
        // When it is merged into the other idea
        let merged = try bo.post("/dashboard/ideas/\(id)/merge", [("into", keep)])
        // Then the page goes to the idea kept, which has its comment
        XCTAssertEqual(merged.header("location"), "/dashboard/ideas/\(keep)?done=merged")
        XCTAssertEqual(try idea(keep)["commentCount"] as? Int, 1)
    }

    func testARefusedEditKeepsWhatWasTypedAndChangesNothing() throws {
        let id = try admin.insertIdea(projectId: projectId, title: "Dark mode")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/ideas/\(id)")
        // When the title is shorter than 4 characters (docs/limits.md: 4–140)
        let reply = try bo.post("/dashboard/ideas/\(id)", [("title", "Dar"), ("description", "kept text")])
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(reply.text.contains("title must be 4-140 characters"), reply.text)
        XCTAssertTrue(reply.text.contains("value=\"Dar\""))
        XCTAssertTrue(reply.text.contains(">kept text</textarea>"))
        XCTAssertEqual(try idea(id)["title"] as? String, "Dark mode")
        // While four characters are taken
        XCTAssertEqual(try bo.post("/dashboard/ideas/\(id)", [("title", "Dark"), ("description", "")]).status, 303)
    }

    func testAMemberReadsBoardsAndTheChangelogButCannotChangeThem() throws {
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        // When a member opens the boards and the changelog
        let boards = try bo.get("/dashboard/ideas/boards?app=\(projectId!)")
        let changelog = try bo.get("/dashboard/changelog?app=\(projectId!)")
        // Then both answer without the controls
        XCTAssertEqual(boards.status, 200)
        XCTAssertFalse(boards.text.contains("Create board"))
        XCTAssertFalse(boards.text.contains("Edit board"))
        XCTAssertEqual(changelog.status, 200)
        XCTAssertFalse(changelog.text.contains("Save draft"))
        // And the posts a page would have made are refused with nothing made
        let board = try bo.post("/dashboard/ideas/boards", [("app", projectId), ("slug", "bugs"), ("name", "Bugs")])
        let entry = try bo.post("/dashboard/changelog", [("app", projectId), ("title", "2.0"), ("body", "New")])
        XCTAssertEqual(board.status, 403)
        XCTAssertTrue(board.text.contains("FORBIDDEN"))
        XCTAssertEqual(entry.status, 403)
        XCTAssertEqual((try admin.call("GET", "/projects/\(projectId!)/boards").json["boards"] as? [Any])?.count, 1)
        XCTAssertEqual((try admin.call("GET", "/projects/\(projectId!)/changelog").json["items"] as? [Any])?.count, 0)
    }

    func testAnOwnerCreatesABoardAndPublishesAnEntry() throws {
        let ann = try admin.pages(as: "ann@example.com", role: .owner)
        _ = try ann.get("/dashboard/ideas/boards?app=\(projectId!)")
        // When the owner creates a board, a refused one first
        let refused = try ann.post("/dashboard/ideas/boards", [("app", projectId), ("slug", "Bad Slug"), ("name", "Bugs")])
        let created = try ann.post(
            "/dashboard/ideas/boards",
            [("app", projectId), ("slug", "bugs"), ("name", "Bugs"), ("moderation", "ideas"), ("submission", "identified")])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(created.header("location"), "/dashboard/ideas/boards?app=\(projectId!)&done=created")
        let boards = try XCTUnwrap(try admin.call("GET", "/projects/\(projectId!)/boards").json["boards"] as? [[String: Any]])
        XCTAssertEqual(boards.map { $0["slug"] as? String }, ["ideas", "bugs"])
        XCTAssertEqual(boards.last?["moderation"] as? String, "ideas")
        // And writes an entry and publishes it
        XCTAssertEqual(try ann.post("/dashboard/changelog", [("app", projectId), ("title", "2.0"), ("body", "New")]).status, 303)
        let entryId = try XCTUnwrap(
            (try admin.call("GET", "/projects/\(projectId!)/changelog").json["items"] as? [[String: Any]])?.first?["id"] as? String)
        XCTAssertEqual(try ann.post("/dashboard/changelog/\(entryId)/publish").status, 303)
        let items = try admin.call("GET", "/projects/\(projectId!)/changelog").json["items"] as? [[String: Any]]
        XCTAssertEqual(items?.first?["state"] as? String, "published")
    }
}
