import Foundation
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0027_idempotency_records_by_route_scope_hash`: records written before the step replay
/// after it, each under its own route and scope, in the order the cleanup reads, and the
/// lookup and the erasures read the new unique index.
final class HashedIdempotencyMigrationTests: XCTestCase {
    private var step: Int {
        get throws { try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == "0027_idempotency_records_by_route_scope_hash" }) }
    }

    private func database(upTo end: Int) throws -> SQLiteDatabase {
        try temporaryStore("hashed-idempotency", migratedThrough: IngestDaemon.migrations[..<end])
    }

    /// One key under two scopes and two routes, and one more record, as the schema before the
    /// step holds them, the oldest written first.
    private let before: [(route: String, scope: String, key: String, payload: String, body: String, at: String)] = [
        ("POST /api/v1/ideas", "token:aaa", "key-00001", "{\"n\":1}", "idea one", "2026-11-20T10:00:00.000Z"),
        ("POST /api/v1/ideas", "token:bbb", "key-00001", "{\"n\":2}", "idea two", "2026-11-21T10:00:00.000Z"),
        ("POST /api/v1/feedback", "token:aaa", "key-00001", "{\"n\":3}", "feedback", "2026-11-30T10:00:00.000Z"),
        ("POST /api/v1/ideas", "email:ana@example.com", "key-00002", "{\"n\":4}", "idea four", "2026-12-02T10:00:00.000Z"),
    ]

    private func migratedWithRecordsFromBefore() throws -> (SQLiteDatabase, ManualClock) {
        let db = try database(upTo: try step)
        for record in before {
            try db.run(
                """
                INSERT INTO idempotency_records (project_id, route, scope, key, request_hash, status, response_body, created_at)
                VALUES ('p1', ?, ?, ?, ?, 201, ?, ?)
                """,
                [
                    .text(record.route), .text(record.scope), .text(record.key),
                    .text(try XCTUnwrap(try IdempotencyClaim(key: record.key, payload: Array(record.payload.utf8))).payloadHash),
                    .blob(Array(record.body.utf8)), .text(record.at),
                ])
        }
        XCTAssertEqual(try Migrator.apply(IngestDaemon.migrations, to: db).first, "0027_idempotency_records_by_route_scope_hash")
        return (db, ManualClock(try XCTUnwrap(ISOTime.parse("2026-12-03T10:00:00.000Z"))))
    }

    func testEveryRecordKeepsItsRowAndGetsTheHashOfItsRouteAndScope() throws {
        // Given records written before the step, then the step
        let (db, _) = try migratedWithRecordsFromBefore()
        // Then each keeps its rowid (the order written) and holds key_hash64(route, scope)
        let rows = try db.query("SELECT rowid, route, scope, route_scope_hash FROM idempotency_records ORDER BY rowid")
        XCTAssertEqual(rows.map { $0.int64("rowid") }, [1, 2, 3, 4])
        XCTAssertEqual(rows.map { $0.string("route") }, before.map(\.route))
        XCTAssertEqual(rows.map { $0.int64("route_scope_hash") }, before.map { KeyHash64.of([$0.route, $0.scope]) })
        XCTAssertEqual(Set(rows.compactMap { $0.int64("route_scope_hash") }).count, 4)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testEachKeyReplaysUnderItsOwnRouteAndScopeAndConflictsOnAnotherPayload() throws {
        // Given records written before the step, then the step
        let (db, clock) = try migratedWithRecordsFromBefore()
        let store = IngestStore(db: db, clock: clock)
        for record in before {
            // When each is retried with its payload
            let replay = try store.idempotent(
                projectId: "p1", route: record.route, scope: record.scope, key: record.key, payload: Array(record.payload.utf8)
            ) {
                XCTFail("a recorded key ran its write again")
                return (500, [])
            }
            // Then it answers its own stored response, and another payload under its key conflicts
            XCTAssertTrue(replay.replayed)
            XCTAssertEqual(String(decoding: replay.body, as: UTF8.self), record.body)
            XCTAssertThrowsError(
                try store.idempotent(projectId: "p1", route: record.route, scope: record.scope, key: record.key, payload: [1]) {
                    (201, [])
                }
            ) { XCTAssertEqual($0 as? APIError, .idempotencyConflict) }
        }
        // And the same key under a scope, route or project it was not used in is a new write
        var ran = 0
        for (project, route, scope) in [
            ("p1", "POST /api/v1/ideas", "token:ccc"), ("p1", "POST /api/v1/comments", "token:aaa"),
            ("p2", "POST /api/v1/ideas", "token:aaa"),
        ] {
            let fresh = try store.idempotent(projectId: project, route: route, scope: scope, key: "key-00001", payload: [1]) {
                ran += 1
                return (201, [2])
            }
            XCTAssertFalse(fresh.replayed)
        }
        XCTAssertEqual(ran, 3)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM idempotency_records").intValue, 7)
    }

    func testTheCleanupStillTakesTheOldestFirstByRowid() throws {
        // Given records written before the step, then the step
        let (db, clock) = try migratedWithRecordsFromBefore()
        // When the cleanup runs on 2026-12-03, eight days after the 25th of November
        let deleted = try IngestStore(db: db, clock: clock).deleteIdempotencyRecords(olderThanDays: 8)
        // Then the two records of the 20th and 21st go, and the younger two stay
        XCTAssertEqual(deleted, 2)
        XCTAssertEqual(try db.query("SELECT rowid FROM idempotency_records ORDER BY rowid").map { $0.int64("rowid") }, [3, 4])
    }

    func testTheLookupAndTheErasuresReadTheUniqueIndex() throws {
        // Given the store after the step
        let db = try database(upTo: IngestDaemon.migrations.count)
        func plan(_ sql: String, _ values: [SQLValue]) throws -> String {
            try db.query("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.string("detail") }.joined(separator: " | ")
        }
        // Then the lookup searches all three columns of the unique index
        XCTAssertEqual(
            try plan(
                """
                SELECT request_hash, status, response_body FROM idempotency_records
                WHERE project_id = ?1 AND route_scope_hash = ?5 AND key = ?4 AND route = ?2 AND scope = ?3
                """,
                [
                    .text("p1"), .text("POST /api/v1/ideas"), .text("anonymous"), .text("k"),
                    .int(KeyHash64.of("POST /api/v1/ideas", "anonymous")),
                ]),
            "SEARCH idempotency_records USING INDEX sqlite_autoindex_idempotency_records_1 (project_id=? AND route_scope_hash=? AND key=?)")
        // And a participant's erasure finds the project's records by it rather than reading the table
        XCTAssertEqual(
            try plan("DELETE FROM idempotency_records WHERE project_id = ? AND scope = ?", [.text("p1"), .text("token:aaa")]),
            "SEARCH idempotency_records USING INDEX sqlite_autoindex_idempotency_records_1 (project_id=?)")
    }
}
