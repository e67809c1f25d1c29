import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `Outbox.keyedBySeq` in both daemons with an outbox, chatd's `0010_chat_outbox_by_seq` and
/// ingest's `0029_outbox_by_seq`: the outbox keyed by its rowid, its events' IDs indexed only
/// by the unique `outbox_pending`. Every event is kept in ID order; the relay's reads, its
/// acknowledgements and the retention still use their indexes; two pending events cannot
/// share an ID.
final class OutboxBySeqMigrationTests: XCTestCase {
    private struct Daemon {
        let migrations: [Migration]
        let step: String
    }

    private let daemons = [
        Daemon(migrations: ChatDaemon.migrations, step: "0010_chat_outbox_by_seq"),
        Daemon(migrations: IngestDaemon.migrations, step: "0029_outbox_by_seq"),
    ]

    private func index(of daemon: Daemon) throws -> Int {
        try XCTUnwrap(daemon.migrations.firstIndex { $0.name == daemon.step }, daemon.step)
    }

    private func outbox(_ db: SQLiteDatabase) -> Outbox {
        Outbox(db: db, clock: SystemClock(), ids: TimeSortableID(clock: SystemClock()), consumedTopics: OutboxConsumers.chatd)
    }

    /// An event ID of the step's fixture.
    private func id(_ n: Int) -> String { "00000000-0000-7000-8000-" + String(repeating: "0", count: 12 - String(n).count) + String(n) }

    /// Four events as the schema before the step holds them, written out of ID order: two
    /// pending, two acknowledged. Their IDs sort before any made now, as older events' do.
    private func writeBeforeTheStep(_ db: SQLiteDatabase) throws {
        try db.execute(
            """
            INSERT INTO outbox (id, topic, project_id, payload, created_at, acknowledged_at) VALUES
                ('00000000-0000-7000-8000-000000000003', 'chat.user_message', 'p1', '{"n":3}', '2026-12-01T10:03:00.000Z', NULL),
                ('00000000-0000-7000-8000-000000000001', 'chat.user_message', 'p1', '{"n":1}', '2026-12-01T10:01:00.000Z', '2026-12-01T10:05:00.000Z'),
                ('00000000-0000-7000-8000-000000000004', 'chat.replied', NULL, '{"n":4}', '2026-12-01T10:04:00.000Z', NULL),
                ('00000000-0000-7000-8000-000000000002', 'chat.replied', 'p2', '{"n":2}', '2026-12-01T10:02:00.000Z', '2026-12-01T10:06:00.000Z');
            """)
    }

    /// Every event's columns, in the order named (`rowid` or `id`).
    private func rows(_ db: SQLiteDatabase, orderedBy order: String) throws -> [[String?]] {
        try db.query("SELECT id, topic, project_id, payload, created_at, acknowledged_at FROM outbox ORDER BY \(order)").map { row in
            ["id", "topic", "project_id", "payload", "created_at", "acknowledged_at"].map { row.string($0) }
        }
    }

    func testEveryEventIsKeptInIDOrderAndOnlyThePendingIndexHoldsIDs() throws {
        for daemon in daemons { try checkEveryEventIsKeptInIDOrder(daemon) }
    }

    private func checkEveryEventIsKeptInIDOrder(_ daemon: Daemon) throws {
        // Given events written before the step
        let db = try temporaryStore("outbox-seq", migratedThrough: daemon.migrations[..<(try index(of: daemon))])
        try writeBeforeTheStep(db)
        let before = try rows(db, orderedBy: "id")
        XCTAssertTrue(try db.query("PRAGMA index_list(outbox)").contains { $0.string("name") == "sqlite_autoindex_outbox_1" })
        // When the step runs
        XCTAssertEqual(try Migrator.apply(daemon.migrations, to: db).first, daemon.step)
        // Then every event is there, unchanged, its rowid in ID order
        XCTAssertEqual(try rows(db, orderedBy: "rowid"), before)
        XCTAssertEqual(
            before.map { $0[0] },
            [
                id(1), id(2), id(3),
                id(4),
            ])
        // And the IDs have one index, of the pending events, unique; the table no other
        let indexes = try db.query("PRAGMA index_list(outbox)")
        XCTAssertEqual(indexes.compactMap { $0.string("name") }.sorted(), ["outbox_acknowledged", "outbox_pending"])
        let pendingIndex = try XCTUnwrap(indexes.first { $0.string("name") == "outbox_pending" })
        XCTAssertEqual(pendingIndex.int("unique"), 1)
        XCTAssertEqual(pendingIndex.int("partial"), 1)
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check").stringValue, "ok")

        // And the relay reads the pending ones in ID order, by topic too, and acknowledges them
        let store = outbox(db)
        XCTAssertEqual(try store.pending().map(\.id), [id(3), id(4)])
        XCTAssertEqual(try store.pending(topics: [.chatReplied]).map(\.id), [id(4)])
        try store.acknowledge(ids: [
            id(3), id(3), id(255),
        ])
        XCTAssertEqual(try store.pending().map(\.id), [id(4)])
        // And an event appended now comes after them
        try db.transaction {
            try store.append(
                ChatReadEvent(conversationId: "c1", ownerKind: "email", ownerValue: "ana@example.com", readAt: "2026-12-01T10:07:00.000Z"),
                projectId: "p1")
        }
        let appended = try store.pending().map(\.id)
        XCTAssertEqual(appended.count, 2)
        XCTAssertEqual(try db.scalar("SELECT id FROM outbox ORDER BY seq DESC LIMIT 1").stringValue, appended.last)
    }

    func testTwoPendingEventsCannotShareAnID() throws {
        for daemon in daemons { try checkTwoPendingEventsCannotShareAnID(daemon) }
    }

    private func checkTwoPendingEventsCannotShareAnID(_ daemon: Daemon) throws {
        // Given the store after the step, with a pending event
        let db = try temporaryStore("outbox-seq-unique", migratedThrough: daemon.migrations)
        let insert = """
            INSERT INTO outbox (id, topic, project_id, payload, created_at) VALUES ('evt-1', 'chat.replied', 'p1', '{}', '2026-12-01T10:00:00.000Z')
            """
        try db.run(insert)
        // When a second pending event with its ID is written
        XCTAssertThrowsError(try db.run(insert)) { error in
            // Then the unique index refuses it
            XCTAssertTrue((error as? StoreError)?.isUniqueViolation == true, "\(error)")
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM outbox").intValue, 1)
    }

    func testTheRelayAndTheRetentionReadTheirIndexes() throws {
        for daemon in daemons { try checkTheRelayAndTheRetentionReadTheirIndexes(daemon) }
    }

    private func checkTheRelayAndTheRetentionReadTheirIndexes(_ daemon: Daemon) throws {
        // Given the store after the step
        let db = try temporaryStore("outbox-seq-plans", migratedThrough: daemon.migrations)
        func plan(_ sql: String, _ args: [SQLValue]) throws -> [String] {
            try db.query("EXPLAIN QUERY PLAN " + sql, args).compactMap { $0.string("detail") }
        }
        // Then the pending read, with and without topics, walks outbox_pending in ID order
        XCTAssertEqual(try plan(Outbox.pendingSQL(topics: nil), [.int(100)]), ["SCAN outbox USING INDEX outbox_pending"])
        XCTAssertEqual(
            try plan(Outbox.pendingSQL(topics: 2), [.text("chat.replied"), .text("chat.read"), .int(100)]),
            ["SCAN outbox USING INDEX outbox_pending"])
        // And an acknowledgement finds its event there, the retention its events in outbox_acknowledged
        XCTAssertEqual(
            try plan(Outbox.acknowledgeSQL, [.text("2026-12-01T10:00:00.000Z"), .text("evt-1")]),
            ["SEARCH outbox USING INDEX outbox_pending (id=?)"])
        XCTAssertEqual(
            try plan(Outbox.removeAcknowledgedSQL, [.text("2026-12-01T10:00:00.000Z")]),
            ["SEARCH outbox USING INDEX outbox_acknowledged (acknowledged_at>? AND acknowledged_at<?)"])
    }
}
