import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0025_idea_indexes_ascending_idempotency_records_appended`: idempotency records and idea
/// lists read the same across the step, and a group commit of new ideas writes fewer pages.
final class AppendedWritesMigrationTests: XCTestCase {
    private var step: Int {
        get throws {
            try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == "0025_idea_indexes_ascending_idempotency_records_appended" })
        }
    }

    /// A database migrated up to (not including) `upTo`, with one project and its board.
    private func database(upTo end: Int) throws -> (SQLiteDatabase, IngestStore, Board) {
        let db = try temporaryStore("appended-writes", migratedThrough: IngestDaemon.migrations[..<end])
        try db.insertOrganizationProjectAndBoard()
        let store = IngestStore(db: db, clock: SystemClock())
        return (db, store, try XCTUnwrap(try store.boards(projectId: "p1").first))
    }

    /// The record `IngestStore.idempotent` adds, written as the schema at hand holds it: later
    /// steps add columns (`route_scope_hash`, 0027) that the store's own statements name.
    private func record(
        _ db: SQLiteDatabase, route: String, scope: String, key: String, payload: [UInt8], status: Int, body: [UInt8]
    ) throws {
        let hashed =
            try db.scalar("SELECT count(*) FROM pragma_table_info('idempotency_records') WHERE name = 'route_scope_hash'")
            .intValue == 1
        try db.run(
            """
            INSERT INTO idempotency_records (project_id, route, scope, key, request_hash, status, response_body, created_at\(
                hashed ? ", route_scope_hash" : ""))
            VALUES ('p1', ?1, ?2, ?3, ?4, ?5, ?6, ?7\(hashed ? ", key_hash64(?1, ?2)" : ""))
            """,
            [
                .text(route), .text(scope), .text(key), .text(try XCTUnwrap(try IdempotencyClaim(key: key, payload: payload)).payloadHash),
                .int(Int64(status)), .blob(body), .text(ISOTime.format(Date())),
            ])
    }

    /// `count` ideas as the API creates them, each with a random idempotency key, in group
    /// commits of 64 as the writer thread makes them under 64 connections.
    private func submitIdeas(_ count: Int, from first: Int, store: IngestStore, board: Board) throws {
        var n = first
        while n < first + count {
            let end = min(n + 64, first + count)
            try store.db.transactionWithoutSavepoints {
                for i in n..<end {
                    let idea = try store.submitIdea(
                        projectId: "p1", board: board, title: "Idea number \(i) about pelicans",
                        description: "Written to see how many pages a commit of ideas writes.", authorName: nil,
                        authorEmail: nil, authorKey: "token:device\(i % 97)")
                    try record(
                        store.db, route: "POST /api/v1/ideas", scope: "token:device\(i % 97)", key: UUID().uuidString,
                        payload: Array("{\"title\":\"Idea \(i)\"}".utf8), status: 201,
                        body: Array(String(repeating: "r", count: 640).utf8) + Array(idea.id.utf8))
                }
            }
            n = end
        }
    }

    /// The WAL frames written by 20 group commits of 64 new ideas into a store already holding 6,400.
    private func framesPerCommit(upTo end: Int) throws -> Double {
        let (db, store, board) = try database(upTo: end)
        try submitIdeas(6_400, from: 0, store: store, board: board)
        try db.execute("PRAGMA wal_autocheckpoint=0")
        _ = try db.query("PRAGMA wal_checkpoint(TRUNCATE)")
        try submitIdeas(20 * 64, from: 6_400, store: store, board: board)
        let frames = try XCTUnwrap(try db.queryOne("PRAGMA wal_checkpoint(PASSIVE)")?.integer(1))
        return Double(frames) / 20
    }

    func testACommitOfNewIdeasWritesFewerPagesThanBeforeTheStep() throws {
        // Given the same ideas written in the same group commits before the step and after it
        let before = try framesPerCommit(upTo: try step)
        let after = try framesPerCommit(upTo: IngestDaemon.migrations.count)

        // Then a commit writes at most four fifths of the pages it did
        XCTAssertLessThan(after, before * 0.8, "before \(before) pages a commit, after \(after)")
    }

    func testRecordsReplayAndListsReadTheSameAcrossTheStep() throws {
        // Given ideas with votes and a pinned one, each created through an idempotency key, before the step
        let (db, store, board) = try database(upTo: try step)
        var responses: [String: [UInt8]] = [:]
        for i in 0..<30 {
            let key = "key-\(i)-\(UUID().uuidString)"
            let idea = try store.submitIdea(
                projectId: "p1", board: board, title: "Idea \(i)", description: "", authorName: nil, authorEmail: nil,
                authorKey: nil)
            try record(
                db, route: "POST /api/v1/ideas", scope: "anonymous", key: key, payload: Array("{\"n\":\(i)}".utf8), status: 201,
                body: Array(idea.id.utf8))
            responses[key] = Array(idea.id.utf8)
        }
        try db.execute("UPDATE ideas SET vote_count = rowid % 4, comment_count = rowid % 3, pinned = rowid = 7")
        func pages() throws -> [[String]] {
            try IdeaSort.allCases.flatMap { sort in
                try [nil, "b1"].map { boardId in
                    try store.publicIdeaPage(
                        projectId: "p1", filter: IdeaListFilter(boardId: boardId, statusIds: nil, match: nil, sort: sort),
                        after: nil, limit: 50, viewerKey: nil
                    ).map(\.id)
                }
            } + [try store.adminIdeas(projectId: "p1", filter: AdminIdeaFilter(), after: nil, limit: 50).items.map(\.id)]
        }
        let listed = try pages()

        // When the step runs, and the steps after it (the store's statements name their columns)
        XCTAssertEqual(
            try Migrator.apply(IngestDaemon.migrations, to: db).first, "0025_idea_indexes_ascending_idempotency_records_appended")

        // Then every key replays its stored response, a new payload under an old key conflicts,
        // and every list reads in the same order
        for (key, body) in responses {
            let replay = try store.idempotent(
                projectId: "p1", route: "POST /api/v1/ideas", scope: "anonymous", key: key,
                payload: Array("{\"n\":\(key.split(separator: "-")[1])}".utf8)
            ) {
                XCTFail("a recorded key ran its write again")
                return (500, [])
            }
            XCTAssertTrue(replay.replayed)
            XCTAssertEqual(replay.body, body)
        }
        let someKey = try XCTUnwrap(responses.keys.first)
        XCTAssertThrowsError(
            try store.idempotent(projectId: "p1", route: "POST /api/v1/ideas", scope: "anonymous", key: someKey, payload: [1]) {
                (201, [])
            })
        XCTAssertEqual(try pages(), listed)
        XCTAssertEqual(listed.first?.first, try db.scalar("SELECT id FROM ideas WHERE rowid = 7").stringValue)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testTheOperatorListReadsItsIndexBackwardsWithoutASortStep() throws {
        // Given the migrated store with a few thousand ideas and fresh statistics
        let (db, store, board) = try database(upTo: IngestDaemon.migrations.count)
        try submitIdeas(2_000, from: 0, store: store, board: board)
        try db.execute("ANALYZE")

        // Then a newest-first operator page, after a cursor or not, walks ideas_by_project_recent
        for cursor in ["", " AND (i.created_at < ?2 OR (i.created_at = ?2 AND i.id < ?3))"] {
            let plan = try db.query(
                "EXPLAIN QUERY PLAN SELECT i.id FROM ideas i WHERE i.project_id = ?1 AND i.merged_into_id IS NULL" + cursor
                    + " ORDER BY i.created_at DESC, i.id DESC LIMIT 51",
                cursor.isEmpty ? [.text("p1")] : [.text("p1"), .text("2026-12-01"), .text("x")]
            ).compactMap { $0.string("detail") }.joined(separator: " | ")
            XCTAssertTrue(plan.contains("ideas_by_project_recent"), plan)
            XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
        }
    }

    func testCleanupTakesTheRecordsPastEightDaysInTheOrderTheyWereWrittenAndNoneYounger() throws {
        // Given records written through the store over ten days, one every six minutes (2,401),
        // and then one whose clock stepped back twelve days
        let (db, _, _) = try database(upTo: IngestDaemon.migrations.count)
        let start = try XCTUnwrap(ISOTime.parse("2026-11-01T00:00:00.000Z"))
        let clock = ManualClock(start)
        let store = IngestStore(db: db, clock: clock)
        for i in 0...2_400 {
            clock.set(start.addingTimeInterval(Double(i) * 360))
            _ = try store.idempotent(
                projectId: "p1", route: "POST /api/v1/ideas", scope: "anonymous", key: "record-\(i)", payload: [UInt8(i % 200)]
            ) { (201, [1]) }
        }
        let end = start.addingTimeInterval(2_400 * 360)
        clock.set(end.addingTimeInterval(-12 * 86_400))
        _ = try store.idempotent(projectId: "p1", route: "POST /api/v1/ideas", scope: "anonymous", key: "stepped-back", payload: [1]) {
            (201, [1])
        }

        // When the cleanup runs at the last regular record's time
        clock.set(end)
        let deleted = try store.deleteIdempotencyRecords(olderThanDays: 8)

        // Then the records of the first two days go, the last of them eight days and six
        // minutes old, and the one exactly eight days old is the first kept
        let cutoff = ISOTime.format(end.addingTimeInterval(-8 * 86_400))
        XCTAssertEqual(deleted, 480)
        XCTAssertEqual(
            try db.scalar("SELECT count(*) FROM idempotency_records WHERE created_at < ? AND key != 'stepped-back'", [.text(cutoff)])
                .intValue, 0)
        XCTAssertEqual(
            try db.scalar("SELECT min(created_at) FROM idempotency_records WHERE key != 'stepped-back'").stringValue,
            "2026-11-03T00:00:00.000Z")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM idempotency_records").intValue, 2_401 - 480 + 1)

        // And the record written after them with an older time stays until those before it go,
        // then goes with them
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM idempotency_records WHERE key = 'stepped-back'").intValue, 1)
        clock.set(end.addingTimeInterval(8 * 86_400 + 1))
        XCTAssertEqual(try store.deleteIdempotencyRecords(olderThanDays: 8), 2_401 - 480 + 1)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM idempotency_records").intValue, 0)
    }
}
