import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// `POST /api/admin/v1/jobs/cleanup/run`: housekeeping that never touches live data.
final class CleanupJobTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }

    override func tearDown() { community?.shutdown() }

    func run(_ job: String, token: String = OperatorAPI.token) throws -> HubReply {
        try community.call("POST", "/jobs/\(job)/run", token: token)
    }

    func backdate(_ path: String, hours: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-hours * 3_600)], ofItemAtPath: path)
    }

    func testRemovesOnlyWhatIsPastItsTimeOrReferencedByNothing() throws {
        let store = community.store
        let objectsRoot = community.hub.config.objectStoreDirectory
        let objects = LocalDirectoryObjectStore(root: objectsRoot)
        // Given a report whose screenshot is referenced, old enough to be swept if it were not
        let shot = "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1
        let submitted = try community.send("POST", "/feedback", FeedbackSubmissionTests.report(["screenshot": shot]))
        XCTAssertEqual(submitted.status, 201, submitted.text)
        let kept = try XCTUnwrap(try store.db.scalar("SELECT screenshot_key FROM feedback").stringValue)
        try backdate(objectsRoot + "/" + kept, hours: 2)
        // And two files no row refers to: one two hours old, one just written (an upload in flight)
        let orphan = "screenshots/\(community.project.id.lowercased())/0190aaaa-0000-7000-8000-000000000001.png"
        let fresh = "screenshots/\(community.project.id.lowercased())/0190aaaa-0000-7000-8000-000000000002.png"
        try objects.put(key: orphan, bytes: [1, 2, 3], contentType: "image/png")
        try objects.put(key: fresh, bytes: [1, 2, 3], contentType: "image/png")
        try backdate(objectsRoot + "/" + orphan, hours: 2)
        // And an idempotency record of nine days ago, one of today, an acknowledged old event, an old pending
        // event pushd will read, and pending events of a topic no consumer reads: an old one and one of today
        let old = ISOTime.format(Date().addingTimeInterval(-9 * 86_400))
        let today = ISOTime.format(Date())
        try store.db.run(
            """
            INSERT INTO idempotency_records (project_id, route, scope, key, request_hash, status, response_body, created_at,
                                             route_scope_hash)
            VALUES ('p', 'POST /x', 's', 'old-key-1', 'h', 201, x'', ?, key_hash64('POST /x', 's'))
            """, [.text(old)])
        try store.db.run(
            """
            INSERT INTO outbox (id, topic, payload, created_at, acknowledged_at)
            VALUES ('e1', 'feedback.created', '{}', ?, ?), ('e2', 'feedback.created', '{}', ?, NULL),
                   ('e3', 'feedback.archived', '{}', ?, NULL), ('e4', 'feedback.archived', '{}', ?, NULL)
            """, [.text(old), .text(old), .text(old), .text(today), .text(old)])
        let recordsBefore = try store.db.scalar("SELECT count(*) FROM idempotency_records").intValue!
        // When the operator runs the job
        let result = try run("cleanup")
        // Then exactly the old record, the acknowledged event, the old unconsumed one and the old orphan went
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.json["processed"] as? Int, 4)
        XCTAssertFalse(try objects.exists(key: orphan))
        XCTAssertTrue(try objects.exists(key: fresh))
        XCTAssertTrue(try objects.exists(key: kept))
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM idempotency_records").intValue, recordsBefore - 1)
        XCTAssertEqual(
            try store.db.query("SELECT id FROM outbox WHERE id IN ('e1', 'e2', 'e3', 'e4') ORDER BY id").compactMap { $0.string("id") },
            ["e2", "e3"])
        // And a second pass finds nothing more
        XCTAssertEqual(try run("cleanup").json["processed"] as? Int, 0)
    }

    func testUnknownJobsAndOtherOrganizationsAreRefused() throws {
        let unknown = try run("no-such-job")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.code, "JOB_NOT_FOUND")
        let tenant = community.organizationToken
        XCTAssertEqual(try run("cleanup", token: tenant).status, 403)
    }
}
