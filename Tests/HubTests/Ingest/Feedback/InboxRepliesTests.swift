import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// Replies, internal notes and promotion of a report to a public idea.
final class InboxRepliesTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    func testPublicReplyReachesTheOutboxAndAnInternalNoteDoesNot() throws {
        // Given a report with a reporter email
        let id = try admin.insertFeedback(projectId: projectId, message: "Export fails", email: "user@example.com")
        // When the team writes a reply and an internal note
        let reply = try admin.call("POST", "/feedback/\(id)/replies", json: ["message": "Fixed in 2.1", "internal": false])
        let note = try admin.call("POST", "/feedback/\(id)/replies", json: ["message": "Ask QA to retest", "internal": true])
        // Then both are saved with their flag, and only the reply is an outbox event
        XCTAssertEqual(reply.status, 201, "\(reply.json)")
        XCTAssertEqual(reply.json["internal"] as? Bool, false)
        XCTAssertNil(reply.json["convertedToNote"])
        XCTAssertEqual(note.status, 201)
        XCTAssertEqual(note.json["internal"] as? Bool, true)
        let replied = try admin.store.outbox.pending().filter { $0.topic == "feedback.replied" }
        XCTAssertEqual(replied.count, 1)
        XCTAssertTrue(replied[0].payload.contains(try XCTUnwrap(reply.json["id"] as? String)))
        XCTAssertEqual(try replied[0].payload(as: FeedbackRepliedEvent.self).message, "Fixed in 2.1")
        // And the detail lists both and the timeline has a reply and a note
        let detail = try admin.call("GET", "/feedback/\(id)").json
        XCTAssertEqual((detail["replies"] as? [[String: Any]])?.map { $0["internal"] as? Bool }, [false, true])
        XCTAssertEqual((detail["timeline"] as? [[String: Any]])?.map { $0["kind"] as? String }, ["reply", "note"])
        XCTAssertEqual(detail["replyCount"] as? Int, 2)
    }

    func testReplyToAReportNobodyCanReadBecomesANote() throws {
        // Given a report without a reporter email or a verified author, and one with only a verified author
        let anonymous = try admin.insertFeedback(projectId: projectId, message: "Something broke")
        let verified = try admin.insertFeedback(projectId: projectId, message: "Also broke", authorEmail: "me@example.com")
        // When the team sends a public reply to each
        let converted = try admin.call("POST", "/feedback/\(anonymous)/replies", json: ["message": "Thanks!", "internal": false])
        let delivered = try admin.call("POST", "/feedback/\(verified)/replies", json: ["message": "Thanks!", "internal": false])
        // Then the first is stored as an internal note and says so, with no outbox event
        XCTAssertEqual(converted.status, 201)
        XCTAssertEqual(converted.json["internal"] as? Bool, true)
        XCTAssertEqual(converted.json["convertedToNote"] as? Bool, true)
        XCTAssertEqual(
            try admin.store.db.scalar("SELECT internal FROM feedback_replies WHERE feedback_id = ?", [.text(anonymous)]).intValue, 1)
        let timeline = try admin.call("GET", "/feedback/\(anonymous)").json["timeline"] as? [[String: Any]]
        XCTAssertEqual(timeline?.map { $0["kind"] as? String }, ["note"])
        // And the verified author's report gets a real reply
        XCTAssertEqual(delivered.json["internal"] as? Bool, false)
        let replied = try admin.store.outbox.pending().filter { $0.topic == "feedback.replied" }
        XCTAssertEqual(replied.count, 1)
        XCTAssertTrue(replied[0].payload.contains(verified))
    }

    func testReplyValidation() throws {
        // Given a report
        let id = try admin.insertFeedback(projectId: projectId, message: "Hello", email: "a@example.com")
        // When replies are empty, too long or miss the flag
        let empty = try admin.call("POST", "/feedback/\(id)/replies", json: ["message": "  ", "internal": false])
        let long = try admin.call(
            "POST", "/feedback/\(id)/replies", json: ["message": String(repeating: "a", count: 5_001), "internal": false])
        let noFlag = try admin.call("POST", "/feedback/\(id)/replies", json: ["message": "Hi"])
        // Then each is 400 naming its field and nothing is stored
        XCTAssertEqual(empty.fields.keys.sorted(), ["message"])
        XCTAssertEqual(long.fields.keys.sorted(), ["message"])
        XCTAssertEqual(noFlag.fields.keys.sorted(), ["internal"])
        XCTAssertEqual(try admin.store.db.scalar("SELECT count(*) FROM feedback_replies").intValue, 0)
    }

    func testPromoteCreatesAPublicIdeaWithoutPrivateDataAndLinksIt() throws {
        // Given a private report with contact details, diagnostics and a screenshot, on a moderated board
        let id = try admin.insertFeedback(
            projectId: projectId, message: "My email is secret@example.com and the app crashes",
            email: "secret@example.com", screenshot: true)
        try admin.store.db.run("UPDATE feedback SET diagnostics = '[{\"message\":\"stack trace 0xdead\"}]' WHERE id = ?", [.text(id)])
        try admin.store.db.run("UPDATE boards SET moderation = 'ideas' WHERE project_id = ?", [.text(projectId)])
        // When it is promoted with a reviewed title and description
        let promoted = try admin.call(
            "POST", "/feedback/\(id)/promote",
            json: ["board": "ideas", "title": "Offline mode", "description": "Work without a connection"])
        // Then the idea has only the reviewed text, is public, and the report links to it
        XCTAssertEqual(promoted.status, 201, "\(promoted.json)")
        let ideaId = try XCTUnwrap(promoted.json["id"] as? String)
        XCTAssertEqual(promoted.json["title"] as? String, "Offline mode")
        XCTAssertEqual(promoted.json["description"] as? String, "Work without a connection")
        let row = try admin.ideaRow(ideaId)
        XCTAssertNil(row.string("author_email"))
        XCTAssertNil(row.string("author_name"))
        XCTAssertEqual(row.string("moderation"), "approved")
        let stored = row.columns.map { row.string($0) ?? "" }.joined(separator: "|")
        XCTAssertFalse(stored.contains("secret@example.com"))
        XCTAssertFalse(stored.contains("0xdead"))
        XCTAssertFalse(stored.contains("crashes"))
        let detail = try admin.call("GET", "/feedback/\(id)").json
        XCTAssertEqual(detail["promotedIdeaId"] as? String, ideaId)
        XCTAssertEqual((detail["timeline"] as? [[String: Any]])?.last?["kind"] as? String, "promoted")
        // And promoting again is refused
        let again = try admin.call("POST", "/feedback/\(id)/promote", json: ["board": "ideas", "title": "Offline mode again"])
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.code, "ALREADY_PROMOTED")
        XCTAssertEqual(try admin.store.db.scalar("SELECT count(*) FROM ideas WHERE project_id = ?", [.text(projectId)]).intValue, 1)
        // And an unknown board is a field error
        let other = try admin.insertFeedback(projectId: projectId, message: "Another one")
        let badBoard = try admin.call("POST", "/feedback/\(other)/promote", json: ["board": "nope", "title": "Some title"])
        XCTAssertEqual(badBoard.fields.keys.sorted(), ["board"])
    }
}
