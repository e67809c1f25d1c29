import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService

/// The report page (issue: "Report"): triage, reply or note, promote or link, the
/// screenshot and the filtered CSV export, through a member's browser session; the same
/// checks as the operator API, which the tests read the changes back through.
final class ReportPagesTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject(name: "Notes")
    }

    override func tearDown() { admin?.shutdown() }

    private func detail(_ id: String) throws -> [String: Any] { try admin.call("GET", "/feedback/\(id)").json }

    func testTheReportPageShowsUserTextAsText() throws {
        // Given a report whose message and page title are markup
        let id = try admin.insertFeedback(
            projectId: projectId, message: "<script>alert(1)</script>", pageTitle: "<img src=x onerror=alert(1)>")
        // When a member opens it
        let page = try admin.pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(id)")
        // Then it answers and both come back escaped
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page.text)
        XCTAssertTrue(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertFalse(page.text.contains("<script>alert(1)"))
        XCTAssertFalse(page.text.contains("<img src=x"))
    }

    func testAReplyFromTelegramNamesItsAuthorOnTheReplyAndInTheTimeline() throws {
        // Given a report answered by a Telegram user through the integration's RPC
        let id = try admin.insertFeedback(projectId: projectId, message: "Sync stopped", email: "user@example.com")
        let ingest = try admin.hub.client(of: .ingest, defaultTimeout: 5)
        defer { ingest.close() }
        _ = try ingest.call(
            FeedbackTeamReply.self,
            .init(
                projectId: projectId, reportId: id, message: "Fixed in 2.1", idempotencyKey: "tg:-100:9", author: "telegram:4242",
                authorName: "Ana", source: "telegram:int_1"), timeout: 5
        ).get()
        // When a member opens the report
        let page = try admin.pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(id)")
        // Then the reply and its timeline row both name "Ana (Telegram)"
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.text.components(separatedBy: "Ana (Telegram)").count - 1, 2, page.text)
    }

    func testAnotherOrganizationsReportIsNotFound() throws {
        // Given a report of the default organization and a member of another one
        let id = try admin.insertFeedback(projectId: projectId, message: "Private")
        _ = try admin.call("POST", "/organizations", json: ["slug": "other", "name": "Other"])
        let stranger = try admin.pages(as: "eve@example.com", role: .owner, organization: "other")
        // When they open it or post to it
        let page = try stranger.get("/dashboard/reports/\(id)")
        let post = try stranger.post("/dashboard/reports/\(id)", [("status", "done")])
        // Then both are 404 NOT_FOUND and nothing changed
        XCTAssertEqual(page.status, 404)
        XCTAssertTrue(page.text.contains("NOT_FOUND"))
        XCTAssertEqual(post.status, 404)
        XCTAssertEqual(try detail(id)["status"] as? String, "todo")
    }

    func testTriageFromTheFormChangesTheReportAndTheTimelineNamesTheMember() throws {
        // Given a report and a member who opened it
        let id = try admin.insertFeedback(projectId: projectId, message: "Sync is slow")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        let organizationId = try XCTUnwrap(try admin.call("GET", "/organization").json["id"] as? String)
        let memberId = try XCTUnwrap(try admin.store.members(organizationId: organizationId).first { $0.email == "bo@example.com" }?.id)
        _ = try bo.get("/dashboard/reports/\(id)")
        // When they save the triage form
        let reply = try bo.post(
            "/dashboard/reports/\(id)",
            [("status", "in_progress"), ("priority", "high"), ("assignee", memberId), ("labels", "ios, Sync ,")])
        // Then it answers 303 back to the page with a notice
        XCTAssertEqual(reply.status, 303)
        XCTAssertEqual(reply.header("location"), "/dashboard/reports/\(id)?done=triage")
        // And the operator API reads the change, made by the member
        let json = try detail(id)
        XCTAssertEqual(json["status"] as? String, "in_progress")
        XCTAssertEqual(json["priority"] as? String, "high")
        XCTAssertEqual(json["labels"] as? [String], ["ios", "sync"])
        XCTAssertEqual((json["assignee"] as? [String: Any])?["id"] as? String, memberId)
        let actors = (json["timeline"] as? [[String: Any]] ?? []).compactMap { $0["actor"] as? String }
        XCTAssertTrue(actors.contains("member:" + memberId), "\(actors)")
        // And the page says so in words, with the member's name
        let page = try bo.get("/dashboard/reports/\(id)?done=triage")
        XCTAssertTrue(page.text.contains("Triage saved."))
        XCTAssertTrue(page.text.contains("Assigned to Bo"), page.text)
    }

    func testARefusedTriageDrawsThePageAgainWithTheProblemAndChangesNothing() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Sync is slow")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        // When a label has a character labels may not have
        let reply = try bo.post("/dashboard/reports/\(id)", [("status", "done"), ("labels", "ok, bad!label")])
        // Then the page comes back 400 with the operator API's words and what was typed
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(reply.text.contains("label 2 must be 1-40 of a-z, 0-9, space"), reply.text)
        XCTAssertTrue(reply.text.contains("value=\"ok, bad!label\""))
        XCTAssertEqual(try detail(id)["status"] as? String, "todo")
    }

    func testAReplyReachesTheUsersThreadOnceAndANoteNever() throws {
        // Given a report from a signed-in user
        let id = try admin.insertFeedback(projectId: projectId, message: "Crash on start", authorEmail: "user@example.com")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        // When the member sends a reply, submitted twice with the form's key, and a note
        let fields = [("message", "Fixed in 2.1 <b>soon</b>"), ("key", "reply-key-0001")]
        let first = try bo.post("/dashboard/reports/\(id)/reply", fields)
        let again = try bo.post("/dashboard/reports/\(id)/reply", fields)
        let note = try bo.post("/dashboard/reports/\(id)/reply", [("message", "Customer is on iOS 17"), ("internal", "1")])
        // Then the reply is posted once, the note apart
        XCTAssertEqual(first.header("location"), "/dashboard/reports/\(id)?done=replied")
        XCTAssertEqual(again.header("location"), "/dashboard/reports/\(id)?done=replied")
        XCTAssertEqual(note.header("location"), "/dashboard/reports/\(id)?done=noted")
        let replies = try XCTUnwrap(detail(id)["replies"] as? [[String: Any]])
        XCTAssertEqual(replies.map { $0["internal"] as? Bool }, [false, true])
        // And the user's thread holds the reply only
        let thread = try XCTUnwrap(try admin.store.feedbackThread(projectId: projectId, id: id, authorEmail: "user@example.com"))
        XCTAssertEqual(thread.replies.map(\.message), ["Fixed in 2.1 <b>soon</b>"])
        // And the page names the member who wrote each, the markup as text
        let page = try bo.get("/dashboard/reports/\(id)")
        XCTAssertTrue(page.text.contains("Reply</strong> · Bo"), page.text)
        XCTAssertTrue(page.text.contains("Fixed in 2.1 &lt;b&gt;soon&lt;/b&gt;"))
    }

    func testAnEmptyReplyIsRefusedAndKeepsNothing() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Crash", email: "user@example.com")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        let reply = try bo.post("/dashboard/reports/\(id)/reply", [("message", "   ")])
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(reply.text.contains("message must be 1-5000 characters"), reply.text)
        XCTAssertEqual((try detail(id)["replies"] as? [Any])?.count, 0)
    }

    func testPromotingMakesAnIdeaThatListsTheReport() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Please add dark mode\nIt hurts at night")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        // When the member promotes it to a new idea
        let reply = try bo.post("/dashboard/reports/\(id)/promote", [("board", "ideas"), ("title", "Dark mode"), ("description", "")])
        // Then the report links the new idea, which lists the report it came from
        XCTAssertEqual(reply.header("location"), "/dashboard/reports/\(id)?done=promoted")
        let ideaId = try XCTUnwrap(detail(id)["promotedIdeaId"] as? String)
        XCTAssertEqual(try admin.call("GET", "/ideas/\(ideaId)").json["title"] as? String, "Dark mode")
        let idea = try bo.get("/dashboard/ideas/\(ideaId)")
        XCTAssertEqual(idea.status, 200)
        XCTAssertTrue(idea.text.contains("href=\"/dashboard/reports/\(id)\">Please add dark mode</a>"), idea.text)
        // And a second promotion is refused as the operator API refuses it
        let twice = try bo.post("/dashboard/reports/\(id)/promote", [("board", "ideas"), ("title", "Dark mode again")])
        XCTAssertEqual(twice.status, 409)
        XCTAssertTrue(twice.text.contains("already turned into an idea"))
    }

    func testLinkingAnExistingIdeaRecordsItOnTheTimeline() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Export to PDF")
        let ideaId = try admin.insertIdea(projectId: projectId, title: "PDF export")
        let other = try admin.createProject(name: "Other")
        let foreign = try admin.insertIdea(projectId: other, title: "Elsewhere")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        // When an idea of another app is chosen, then one of the report's app
        let wrong = try bo.post("/dashboard/reports/\(id)/promote", [("idea", foreign)])
        let right = try bo.post("/dashboard/reports/\(id)/promote", [("idea", ideaId)])
        // Then only the report's app's idea is linked, and the timeline says so
        XCTAssertEqual(wrong.status, 400)
        XCTAssertEqual(right.header("location"), "/dashboard/reports/\(id)?done=linked")
        XCTAssertEqual(try detail(id)["promotedIdeaId"] as? String, ideaId)
        XCTAssertTrue(try bo.get("/dashboard/reports/\(id)").text.contains("Linked to the idea “PDF export”"))
    }

    func testTheExportAppliesTheFiltersAsTheOperatorExportDoes() throws {
        // Given two reports, one done
        let done = try admin.insertFeedback(projectId: projectId, message: "Done one")
        try admin.insertFeedback(projectId: projectId, message: "Open one")
        _ = try admin.call("PATCH", "/feedback/\(done)", json: ["status": "done"])
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        // When the member downloads the export of done reports
        let csv = try bo.get("/dashboard/reports.csv?app=\(projectId!)&status=done")
        // Then it is the operator export's file for the same filter
        XCTAssertEqual(csv.status, 200)
        XCTAssertEqual(csv.header("content-type"), "text/csv; charset=utf-8")
        XCTAssertTrue(csv.text.contains("Done one"))
        XCTAssertFalse(csv.text.contains("Open one"))
        XCTAssertEqual(csv.text, try admin.call("GET", "/projects/\(projectId!)/feedback/export.csv?status=done").text)
        // And a filter the export does not know is refused as there
        XCTAssertEqual(try bo.get("/dashboard/reports.csv?app=\(projectId!)&status=closed").status, 400)
    }

    func testTheScreenshotIsServedToTheOrganizationOnly() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Look", screenshot: true)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try LocalDirectoryObjectStore(root: admin.hub.config.objectStoreDirectory).put(
            key: "screens/\(id).png", bytes: png, contentType: "image/png")
        let image = try admin.pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(id)/screenshot")
        XCTAssertEqual(image.status, 200)
        XCTAssertEqual(image.header("content-type"), "image/png")
        XCTAssertEqual(image.body, png)
        _ = try admin.call("POST", "/organizations", json: ["slug": "other", "name": "Other"])
        let stranger = try admin.pages(as: "eve@example.com", organization: "other").get("/dashboard/reports/\(id)/screenshot")
        XCTAssertEqual(stranger.status, 404)
        XCTAssertEqual(try PageSession(hub: admin.hub).get("/dashboard/reports/\(id)/screenshot").status, 303)
    }

    func testAPostWithoutTheFormTokenOrFromAnotherSiteChangesNothing() throws {
        let id = try admin.insertFeedback(projectId: projectId, message: "Crash", email: "user@example.com")
        let bo = try admin.pages(as: "bo@example.com", role: .member)
        _ = try bo.get("/dashboard/reports/\(id)")
        let noToken = try bo.post("/dashboard/reports/\(id)", [("status", "done")], withToken: false)
        let foreign = try bo.post("/dashboard/reports/\(id)/reply", [("message", "Hi")], origin: "https://evil.example")
        XCTAssertEqual(noToken.status, 403)
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        let json = try detail(id)
        XCTAssertEqual(json["status"] as? String, "todo")
        XCTAssertEqual((json["replies"] as? [Any])?.count, 0)
    }
}
