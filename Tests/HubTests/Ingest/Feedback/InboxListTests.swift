import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `GET /projects/{id}/feedback`: filters, search, keyset pages, the detail and organization scoping.
final class InboxListTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func ids(_ query: String) throws -> [String] {
        let page = try admin.call("GET", "/projects/\(projectId!)/feedback" + query)
        XCTAssertEqual(page.status, 200, "\(page.json)")
        return (page.json["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    func testFiltersAndSearchSelectTheMatchingReportsNewestFirst() throws {
        // Given reports of every kind, one labelled, one read, one high priority, one assigned
        let crash = try admin.insertFeedback(
            projectId: projectId, type: "problem", message: "The app crashes on launch",
            pageTitle: "Settings")
        let idea = try admin.insertFeedback(projectId: projectId, type: "suggestion", message: "Please add dark mode")
        let note = try admin.insertFeedback(
            projectId: projectId, type: "comment", message: "Lovely app, thanks",
            pageTitle: "Crashes overview")
        let member = try admin.call("POST", "/organization/members", json: ["name": "Ann", "email": "ann@example.com"])
        let memberId = try XCTUnwrap(member.json["id"] as? String)
        XCTAssertEqual(
            try admin.call(
                "PATCH", "/feedback/\(crash)",
                json: ["labels": ["Billing"], "priority": "high", "assigneeId": memberId]
            ).status, 200)
        XCTAssertEqual(try admin.call("PATCH", "/feedback/\(idea)", json: ["read": true, "status": "done"]).status, 200)
        // When the list is filtered and searched
        // Then each filter selects exactly its reports, newest first
        XCTAssertEqual(try ids(""), [note, idea, crash])
        XCTAssertEqual(try ids("?type=suggestion"), [idea])
        XCTAssertEqual(try ids("?status=todo"), [note, crash])
        XCTAssertEqual(try ids("?status=done"), [idea])
        XCTAssertEqual(try ids("?priority=high"), [crash])
        XCTAssertEqual(try ids("?label=billing"), [crash])
        XCTAssertEqual(try ids("?read=true"), [idea])
        XCTAssertEqual(try ids("?read=false"), [note, crash])
        XCTAssertEqual(try ids("?assignee=\(memberId)"), [crash])
        XCTAssertEqual(try ids("?assignee=none"), [note, idea])
        // And search matches message or page title by word prefix, and hostile syntax is inert
        XCTAssertEqual(try ids("?query=crash"), [note, crash])
        XCTAssertEqual(try ids("?query=dark%20mod"), [idea])
        XCTAssertEqual(try ids("?query=crash&type=problem"), [crash])
        XCTAssertEqual(try ids("?query=%22%20OR%20NEAR(%2A"), [])
        // And the item carries the list shape
        let item = try XCTUnwrap(
            (try admin.call("GET", "/projects/\(projectId!)/feedback?label=billing").json["items"]
                as? [[String: Any]])?.first)
        XCTAssertEqual(item["labels"] as? [String], ["billing"])
        XCTAssertEqual((item["assignee"] as? [String: Any])?["email"] as? String, "ann@example.com")
        XCTAssertEqual(item["pageTitle"] as? String, "Settings")
        XCTAssertEqual(item["read"] as? Bool, false)
        XCTAssertEqual(item["replyCount"] as? Int, 0)
    }

    func testUnknownFilterValuesAreInvalidQueryNamingEachField() throws {
        // When the list is asked with values outside every filter's set
        let bad = try admin.call(
            "GET", "/projects/\(projectId!)/feedback?status=open&type=bug&priority=p1&read=yes&label=%21%21&assignee=nobody")
        // Then it is 400 INVALID_QUERY naming every field
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.code, "INVALID_QUERY")
        XCTAssertEqual(Set(bad.fields.keys), ["status", "type", "priority", "read", "label", "assignee"])
    }

    func testPagesFollowCursorsAndLongMessagesAreCutInTheList() throws {
        // Given 5 reports, one with a long message
        var inserted: [String] = []
        for i in 0..<5 {
            inserted.append(
                try admin.insertFeedback(projectId: projectId, message: "Report \(i) " + String(repeating: "x", count: i == 4 ? 400 : 3)))
        }
        // When pages of 2 are followed through nextCursor
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try admin.call(
                "GET", "/projects/\(projectId!)/feedback?status=todo&limit=2" + (cursor.map { "&cursor=" + $0 } ?? ""))
            XCTAssertEqual(page.status, 200, "\(page.json)")
            seen += (page.json["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.json["nextCursor"] as? String
            pages += 1
        } while cursor != nil && pages < 10
        // Then every report appears once, newest first, over 3 pages
        XCTAssertEqual(seen, inserted.reversed())
        XCTAssertEqual(pages, 3)
        let first = try admin.call("GET", "/projects/\(projectId!)/feedback?limit=1")
        XCTAssertEqual(((first.json["items"] as? [[String: Any]])?.first?["message"] as? String)?.count, 280)
        XCTAssertEqual(
            try admin.call("GET", "/feedback/\(inserted[4])").json["message"] as? String, "Report 4 " + String(repeating: "x", count: 400))
        // And a cursor reused with other filters is refused
        let other = try admin.call("GET", "/projects/\(projectId!)/feedback?status=todo&limit=2")
        let reused = try admin.call(
            "GET", "/projects/\(projectId!)/feedback?status=done&cursor=" + (other.json["nextCursor"] as? String ?? ""))
        XCTAssertEqual(reused.code, "INVALID_QUERY")
    }

    func testDetailHasContextAndDoesNotMarkRead() throws {
        // Given a report with context and a stored screenshot
        let id = try admin.insertFeedback(
            projectId: projectId, message: "Button does nothing", email: "u@example.com",
            screenshot: true)
        try admin.store.db.run(
            """
            UPDATE feedback SET locale = 'en-US', user_agent = 'Test/1', device_context = '{"os":"iOS 18"}',
                   diagnostics = '[{"level":"error","message":"boom"}]' WHERE id = ?
            """, [.text(id)])
        // When its detail is read
        let detail = try admin.call("GET", "/feedback/\(id)")
        // Then it carries the context, and reading it did not mark it read
        XCTAssertEqual(detail.status, 200, "\(detail.json)")
        XCTAssertEqual(detail.json["locale"] as? String, "en-US")
        XCTAssertEqual((detail.json["viewport"] as? [String: Any])?["width"] as? Int, 390)
        XCTAssertEqual((detail.json["deviceContext"] as? [String: Any])?["os"] as? String, "iOS 18")
        XCTAssertEqual(((detail.json["diagnostics"] as? [[String: Any]])?.first)?["message"] as? String, "boom")
        XCTAssertEqual((detail.json["screenshot"] as? [String: Any])?["type"] as? String, "image/png")
        XCTAssertEqual(detail.json["screenshotStored"] as? Bool, true)
        XCTAssertEqual(detail.json["read"] as? Bool, false)
        XCTAssertNil(try admin.store.db.scalar("SELECT read_at FROM feedback WHERE id = ?", [.text(id)]).stringValue)
    }

    func testAnotherOrganizationsFeedbackIsNotFound() throws {
        // Given a report of this organization and a token of another one
        let id = try admin.insertFeedback(projectId: projectId, message: "Private report")
        let other = try admin.createOrganization(slug: "acme", name: "Acme")
        // When the other organization reads or changes it
        let results = [
            try admin.call("GET", "/projects/\(projectId!)/feedback", token: other),
            try admin.call("GET", "/projects/\(projectId!)/feedback/export.csv", token: other),
            try admin.call("GET", "/feedback/\(id)", token: other),
            try admin.call("PATCH", "/feedback/\(id)", json: ["status": "done"], token: other),
            try admin.call("POST", "/feedback/\(id)/replies", json: ["message": "Hi", "internal": true], token: other),
            try admin.call("POST", "/feedback/\(id)/promote", json: ["board": "ideas", "title": "Public idea"], token: other),
        ]
        // Then every answer is 404 and nothing changed
        XCTAssertEqual(results.map(\.status), [404, 404, 404, 404, 404, 404])
        XCTAssertEqual(try admin.store.db.scalar("SELECT status FROM feedback WHERE id = ?", [.text(id)]).stringValue, "todo")
        XCTAssertEqual(try admin.store.db.scalar("SELECT count(*) FROM feedback_replies").intValue, 0)
    }
}
