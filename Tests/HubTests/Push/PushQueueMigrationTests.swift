import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import PushService

/// `0005_push_queue_status_check` rebuilds the queue table: every row, ID and index survives,
/// and the status check allows exactly the values it allowed before.
final class PushQueueMigrationTests: XCTestCase {
    var db: SQLiteDatabase!

    override func setUpWithError() throws {
        let path = NSTemporaryDirectory() + "push-queue-migration-\(TimeSortableID.shared.next()).sqlite"
        db = try SQLiteDatabase(path: path)
        addTeardownBlock { [db] in
            db?.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    private func insert(id: Int64, status: String, event: String) throws {
        try db.run(
            """
            INSERT INTO push_queue (id, event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id,
                                    status, attempts, next_attempt_ms, created_at, created_ms, completed_ms, last_status,
                                    last_reason, badge)
            VALUES (?, ?, 'prj_1', 'production', 'ab01', 'token', 'voter', 'alert', 'id-' || ?, ?, 2, 1000,
                    '2026-11-30T10:00:00.000Z', 900, ?, ?, ?, 1)
            """,
            [
                .int(id), .text(event), .text(event), .text(status), status == "pending" ? .null : .int(1200),
                status == "pending" ? .null : .int(200), status == "failed" ? .text("BadDeviceToken") : .null,
            ])
    }

    func testTheRebuiltQueueKeepsEveryRowAndIndexAndTheSameAllowedStatuses() throws {
        // Given a queue at the previous schema with a row in each status, IDs not contiguous
        // (steps added after the rebuild are left out, so they cannot change what this test reads)
        let rebuild = try XCTUnwrap(
            PushDaemon.migrations.firstIndex { $0.name == PushSchema.statusCheck.name },
            "pushd's migrations should include the rebuild")
        let previous = Array(PushDaemon.migrations[..<rebuild])
        _ = try Migrator.apply(previous, to: db)
        let statuses = ["pending", "sent", "failed", "cancelled", "discarded"]
        for (i, status) in statuses.enumerated() { try insert(id: Int64(10 * (i + 1)), status: status, event: "e\(i)") }
        let before = try db.query("SELECT * FROM push_queue ORDER BY id").map(\.values)

        // When pushd's migrations run up to the rebuild
        XCTAssertEqual(try Migrator.apply(Array(PushDaemon.migrations[...rebuild]), to: db), [PushSchema.statusCheck.name])

        // Then every row is there with its ID and values, and the queue's indexes exist again
        XCTAssertEqual(try db.query("SELECT * FROM push_queue ORDER BY id").map(\.values), before)
        let indexes = Set(
            try db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'push_queue' AND sql IS NOT NULL")
                .compactMap { $0.string("name") })
        XCTAssertEqual(indexes, ["push_queue_due", "push_queue_pending_age", "push_queue_completed", "push_queue_token"])
        XCTAssertNil(try db.queryOne("SELECT name FROM sqlite_master WHERE name = 'push_queue_rebuilt'"))
        XCTAssertEqual(try db.integrityCheck(), ["ok"])

        // And the check still refuses a status outside the five, and the uniqueness of a push holds
        XCTAssertThrowsError(try insert(id: 99, status: "delivered", event: "e9")) { error in
            guard case StoreError.constraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try insert(id: 98, status: "pending", event: "e0")) { error in
            guard case StoreError.constraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertNoThrow(try db.run("UPDATE push_queue SET status = 'sent' WHERE id = 10"))
        XCTAssertThrowsError(try db.run("UPDATE push_queue SET status = 'done' WHERE id = 10"))
        XCTAssertEqual(try db.scalar("SELECT status FROM push_queue WHERE id = 10").stringValue, "sent")
    }
}
