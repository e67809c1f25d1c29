import XCTest

@testable import PushService

/// The queue's indexes and the statements that run for every push: marking a push sent must
/// not write the index that finds a token's pushes, which is keyed by random tokens (one random
/// page written per push when it did; bench/RESULTS.md).
final class PushQueueIndexTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testMarkingPushesSentLeavesTheTokenIndexUnwritten() throws {
        // Given pushd's store, migrated
        let db = fixture.pushDB
        let tokenIndexRoot = try XCTUnwrap(
            try db.scalar("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = 'push_queue_token'").int64Value)

        // When SQLite compiles the statement that marks a batch sent
        let program = try db.query("EXPLAIN " + PushStore.markSentSQL, [.int(0), .int(1), .text("[1]")])

        // Then it opens the table for writing but never the token index
        let writes = program.filter { $0.string("opcode") == "OpenWrite" }.compactMap { $0.int64("p2") }
        XCTAssertFalse(writes.isEmpty, "the statement should write the table")
        XCTAssertFalse(writes.contains(tokenIndexRoot), "marking sent writes push_queue_token (root page \(tokenIndexRoot))")
    }

    func testMarkingPushesSentBuildsNoTemporaryTablePerRow() throws {
        // When SQLite compiles the statement that marks a batch sent
        let program = try fixture.pushDB.query("EXPLAIN " + PushStore.markSentSQL, [.int(0), .int(1), .text("[1]")])

        // Then the only temporary table is the batch's ID list, built once: the status check
        // runs as comparisons (as `status IN (...)` it built a table of the values for each row)
        let ephemeral = program.filter { $0.string("opcode") == "OpenEphemeral" }
        XCTAssertEqual(ephemeral.count, 1, "\(ephemeral.map { $0.int64("addr") ?? -1 })")
    }

    func testATokensPendingPushesAreFoundThroughTheTokenIndex() throws {
        // Given the statement that cancels a removed registration's pending pushes
        let plan = try fixture.pushDB.query(
            """
            EXPLAIN QUERY PLAN UPDATE push_queue SET status = 'cancelled'
            WHERE project_id = ? AND environment = ? AND token = ? AND status = 'pending'
            """, [.text("p"), .text("production"), .text("ab")]
        ).compactMap { $0.string("detail") }

        // Then SQLite searches the token index rather than scanning the queue
        XCTAssertTrue(plan.contains { $0.contains("USING INDEX push_queue_token") }, "\(plan)")
        XCTAssertNil(try fixture.pushDB.queryOne("SELECT name FROM sqlite_master WHERE name = 'push_queue_device'"))
    }
}
