import Foundation
import XCTest

@testable import IngestService

/// `PATCH /feedback/{id}`: read state apart from status, assignee, labels, and the timeline.
final class InboxTriageTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func timeline(_ id: String) throws -> [[String: Any]] {
        try admin.call("GET", "/feedback/\(id)").json["timeline"] as? [[String: Any]] ?? []
    }

    func testReadStateIsIndependentOfStatus() throws {
        // Given an unread report
        let id = try admin.insertFeedback(projectId: projectId, message: "Cannot log in")
        // When it is marked read, then done, then unread
        let read = try admin.call("PATCH", "/feedback/\(id)", json: ["read": true])
        XCTAssertEqual(read.json["read"] as? Bool, true)
        XCTAssertEqual(read.json["status"] as? String, "todo")
        let done = try admin.call("PATCH", "/feedback/\(id)", json: ["status": "done"])
        XCTAssertEqual(done.json["read"] as? Bool, true)
        let unread = try admin.call("PATCH", "/feedback/\(id)", json: ["read": false])
        // Then status stays done while read goes back to false
        XCTAssertEqual(unread.status, 200)
        XCTAssertEqual(unread.json["read"] as? Bool, false)
        XCTAssertEqual(unread.json["status"] as? String, "done")
        XCTAssertNil(try admin.store.db.scalar("SELECT read_at FROM feedback WHERE id = ?", [.text(id)]).stringValue)
    }

    func testTimelineRecordsEveryChangeAndUnchangedValuesWriteNothing() throws {
        // Given a report and a member
        let id = try admin.insertFeedback(projectId: projectId, message: "Sync is slow")
        let member = try XCTUnwrap(
            try admin.call(
                "POST", "/organization/members",
                json: ["name": "Bo", "email": "bo@example.com"]
            ).json["id"] as? String)
        let before = try admin.store.db.scalar("SELECT updated_at FROM feedback WHERE id = ?", [.text(id)]).stringValue
        Thread.sleep(forTimeInterval: 0.005)
        // When every field changes, then the same values are sent again
        let changed = try admin.call(
            "PATCH", "/feedback/\(id)",
            json: [
                "status": "in_progress", "priority": "urgent", "read": true, "assigneeId": member, "labels": ["ios", "Sync"],
            ])
        XCTAssertEqual(changed.status, 200, "\(changed.json)")
        XCTAssertEqual(
            try admin.call(
                "PATCH", "/feedback/\(id)",
                json: [
                    "status": "in_progress", "priority": "urgent", "read": true, "assigneeId": member, "labels": ["sync", "ios"],
                ]
            ).status, 200)
        XCTAssertEqual(try admin.call("PATCH", "/feedback/\(id)", json: ["assigneeId": NSNull(), "labels": ["ios"]]).status, 200)
        // Then the timeline has one event per change, oldest first, with the token as actor
        let events = try timeline(id)
        XCTAssertEqual(events.map { $0["kind"] as? String }, ["status", "priority", "read", "assignee", "labels", "assignee", "labels"])
        XCTAssertEqual((events[0]["detail"] as? [String: Any])?["to"] as? String, "in_progress")
        XCTAssertEqual((events[4]["detail"] as? [String: Any])?["added"] as? [String], ["ios", "sync"])
        XCTAssertEqual((events[6]["detail"] as? [String: Any])?["removed"] as? [String], ["sync"])
        XCTAssertTrue((events[0]["actor"] as? String)?.hasPrefix("token:") ?? false)
        // And updated_at moved, the status change is in the outbox once
        XCTAssertNotEqual(try admin.store.db.scalar("SELECT updated_at FROM feedback WHERE id = ?", [.text(id)]).stringValue, before)
        let status = try admin.store.outbox.pending().filter { $0.topic == "feedback.status" }
        XCTAssertEqual(status.count, 1)
        XCTAssertTrue(status.first?.payload.contains("\"status\":\"in_progress\"") ?? false)
        XCTAssertTrue(status.first?.payload.contains(id) ?? false)
    }

    func testAssigneeMustBeAMemberOfTheOrganization() throws {
        // Given a report, a member of this organization and a member of another
        let id = try admin.insertFeedback(projectId: projectId, message: "Crash on save")
        let other = try admin.createOrganization(slug: "acme", name: "Acme")
        let foreign = try XCTUnwrap(
            try admin.call(
                "POST", "/organization/members", json: ["name": "Eve", "email": "eve@acme.dev"],
                token: other
            ).json["id"] as? String)
        // When it is assigned to the foreign member or an unknown ID
        let refused = try admin.call("PATCH", "/feedback/\(id)", json: ["assigneeId": foreign])
        let unknown = try admin.call("PATCH", "/feedback/\(id)", json: ["assigneeId": "no-such-member"])
        // Then both are 400 naming assigneeId and nothing is written
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.fields.keys.sorted(), ["assigneeId"])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertNil(try admin.store.db.scalar("SELECT assignee_id FROM feedback WHERE id = ?", [.text(id)]).stringValue)
        XCTAssertEqual(try timeline(id).count, 0)
    }

    func testLabelsAreNormalizedAndInvalidOnesRefused() throws {
        // Given a report
        let id = try admin.insertFeedback(projectId: projectId, message: "Typo on paywall")
        // When labels are set with case and duplicates, then with bad ones
        let set = try admin.call("PATCH", "/feedback/\(id)", json: ["labels": ["Paywall", "paywall", "copy_edit", "needs-info 2"]])
        let bad = try admin.call("PATCH", "/feedback/\(id)", json: ["labels": ["ok", "no/slash", String(repeating: "a", count: 41)]])
        let many = try admin.call("PATCH", "/feedback/\(id)", json: ["labels": (0..<21).map { "l\($0)" }])
        // Then the stored set is lowercased and unique, and bad input is 400 naming each label
        XCTAssertEqual(set.json["labels"] as? [String], ["copy_edit", "needs-info 2", "paywall"])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(Set(bad.fields.keys), ["labels[1]", "labels[2]"])
        XCTAssertEqual(many.fields.keys.sorted(), ["labels"])
        XCTAssertEqual(try admin.store.db.scalar("SELECT count(*) FROM feedback_labels WHERE feedback_id = ?", [.text(id)]).intValue, 3)
    }

    func testReadTokenCannotChangeAReport() throws {
        // Given a read token of this organization
        let id = try admin.insertFeedback(projectId: projectId, message: "Slow start")
        let created = try admin.call("POST", "/tokens", json: ["name": "viewer", "scope": "read"])
        let reader = try XCTUnwrap(created.json["token"] as? String, "\(created.json)")
        // When it reads and then tries to change the report
        XCTAssertEqual(try admin.call("GET", "/feedback/\(id)", token: reader).status, 200)
        let patch = try admin.call("PATCH", "/feedback/\(id)", json: ["status": "done"], token: reader)
        // Then the change is forbidden
        XCTAssertEqual(patch.status, 403)
        XCTAssertEqual(try admin.store.db.scalar("SELECT status FROM feedback WHERE id = ?", [.text(id)]).stringValue, "todo")
    }
}
