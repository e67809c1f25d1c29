import Foundation
import XCTest

@testable import IngestService

final class AdminIdeasTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func items(_ json: [String: Any]) -> [String] {
        (json["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    func testListPagesNewestFirstWithFiltersAndGuardedCursors() throws {
        // Given three ideas, one pending, created a second apart
        try admin.insertIdea(projectId: projectId, title: "Oldest", createdAt: "2026-01-01T00:00:01.000Z")
        try admin.insertIdea(projectId: projectId, title: "Middle", moderation: "pending", createdAt: "2026-01-01T00:00:02.000Z")
        try admin.insertIdea(projectId: projectId, title: "Newest", createdAt: "2026-01-01T00:00:03.000Z")
        let base = "/projects/\(projectId!)/ideas"
        // When pages of two are read
        let first = try admin.call("GET", base + "?limit=2")
        let cursor = try XCTUnwrap(first.json["nextCursor"] as? String)
        let second = try admin.call("GET", base + "?limit=2&cursor=" + cursor)
        // Then every idea, pending included, comes once, newest first, and the last page ends the list
        XCTAssertEqual(items(first.json), ["Newest", "Middle"])
        XCTAssertEqual(items(second.json), ["Oldest"])
        XCTAssertTrue(second.json["nextCursor"] is NSNull)
        let idea = try XCTUnwrap((first.json["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(idea["authorEmail"] as? String, "ann@example.com")
        XCTAssertTrue(idea["mergedInto"] is NSNull)
        XCTAssertEqual(idea["hasVoted"] as? Bool, false)
        XCTAssertEqual(idea["boardSlug"] as? String, "ideas")
        XCTAssertEqual((idea["status"] as? [String: Any])?["slug"] as? String, "open")
        // And filters apply, while a cursor of other filters, a tampered cursor or bad values are 400 INVALID_QUERY
        XCTAssertEqual(items(try admin.call("GET", base + "?moderation=pending").json), ["Middle"])
        XCTAssertEqual(items(try admin.call("GET", base + "?status=planned").json), [])
        XCTAssertEqual(items(try admin.call("GET", base + "?board=ideas&status=open&limit=10").json).count, 3)
        for query in ["?moderation=pending&cursor=" + cursor, "?cursor=x" + cursor, "?moderation=maybe", "?limit=ten"] {
            let refused = try admin.call("GET", base + query)
            XCTAssertEqual(refused.status, 400, query)
            XCTAssertEqual(refused.code, "INVALID_QUERY", query)
        }
    }

    func testPatchEditsKeepTheSlugAndStatusChangesBumpActivity() throws {
        // Given an idea and a second board
        let id = try admin.insertIdea(projectId: projectId, title: "Dark mode", createdAt: "2026-01-01T00:00:00.000Z")
        let slug = try admin.ideaRow(id).string("slug")
        XCTAssertEqual(
            try admin.call(
                "POST", "/projects/\(projectId!)/boards",
                json: [
                    "slug": "later", "name": "Later", "statuses": [["slug": "icebox", "label": "Icebox", "color": "#999999"]],
                ]
            ).status, 201)
        // When the title changes, then the status, then the board
        let titled = try admin.call("PATCH", "/ideas/\(id)", json: ["title": "  Dark theme  ", "pinned": true])
        XCTAssertEqual(titled.status, 200, "\(titled.json)")
        XCTAssertEqual(try admin.ideaRow(id).string("last_activity_at"), "2026-01-01T00:00:00.000Z")
        let planned = try admin.call("PATCH", "/ideas/\(id)", json: ["status": "planned"])
        let activity = try XCTUnwrap(try admin.ideaRow(id).string("last_activity_at"))
        let moved = try admin.call("PATCH", "/ideas/\(id)", json: ["board": "later"])
        // Then the slug stays, a status change bumps activity, and a move resets to the new board's default
        XCTAssertEqual(titled.json["title"] as? String, "Dark theme")
        XCTAssertEqual(titled.json["slug"] as? String, slug)
        XCTAssertEqual(titled.json["pinned"] as? Bool, true)
        XCTAssertEqual((planned.json["status"] as? [String: Any])?["slug"] as? String, "planned")
        XCTAssertGreaterThan(activity, "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(moved.json["boardSlug"] as? String, "later")
        XCTAssertEqual((moved.json["status"] as? [String: Any])?["slug"] as? String, "icebox")
        // And unknown slugs and bad lengths are 400 INVALID_PAYLOAD naming the fields
        let unknown = try admin.call("PATCH", "/ideas/\(id)", json: ["status": "planned"])
        XCTAssertEqual(Set(unknown.fields.keys), ["status"])
        let bad = try admin.call("PATCH", "/ideas/\(id)", json: ["title": "abc", "description": String(repeating: "x", count: 4_001)])
        XCTAssertEqual(Set(bad.fields.keys), ["title", "description"])
        XCTAssertEqual(Set(try admin.call("PATCH", "/ideas/\(id)", json: ["board": "nowhere"]).fields.keys), ["board"])
        XCTAssertEqual(try admin.ideaRow(id).string("title"), "Dark theme")
    }

    func testOfficialCommentIsPublicAtOnceAndBumpsTheIdea() throws {
        // Given an idea on a board that moderates comments, with one visible comment
        try admin.store.db.run("UPDATE boards SET moderation = 'all' WHERE project_id = ?", [.text(projectId)])
        let id = try admin.insertIdea(projectId: projectId, title: "Widgets", createdAt: "2026-01-01T00:00:00.000Z")
        try admin.insertComment(ideaId: id)
        // When the team comments
        let created = try admin.call("POST", "/ideas/\(id)/comments", json: ["body": "Shipping next week", "authorName": "Team"])
        // Then it is an official, unmoderated comment counted at once
        XCTAssertEqual(created.status, 201, "\(created.json)")
        XCTAssertEqual(created.json["official"] as? Bool, true)
        XCTAssertEqual(created.json["body"] as? String, "Shipping next week")
        XCTAssertEqual(created.json["authorName"] as? String, "Team")
        XCTAssertTrue(created.json["moderation"] is NSNull)
        let row = try admin.ideaRow(id)
        XCTAssertEqual(row.int("comment_count"), 2)
        XCTAssertGreaterThan(row.string("last_activity_at")!, "2026-01-01T00:00:00.000Z")
        // And a too short body is refused
        let short = try admin.call("POST", "/ideas/\(id)/comments", json: ["body": "x"])
        XCTAssertEqual(Set(short.fields.keys), ["body"])
        XCTAssertEqual(try admin.ideaRow(id).int("comment_count"), 2)
    }
}
