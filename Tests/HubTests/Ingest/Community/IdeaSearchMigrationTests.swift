import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0023_ideas_search_per_commit` on a database that already has ideas: the index is rebuilt
/// once and keeps finding them, and ideas created afterwards are indexed at their commit.
final class IdeaSearchMigrationTests: XCTestCase {
    var db: SQLiteDatabase!

    override func setUpWithError() throws {
        db = try temporaryStore("idea-search-migration")
    }

    private func matches(_ word: String) throws -> [String] {
        try db.query("SELECT i.id FROM ideas i WHERE i.rowid IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH ?)", [.text(word)])
            .compactMap { $0.string("id") }
    }

    func testExistingIdeasStaySearchableAndNewOnesAreIndexedAtCommit() throws {
        // Given the schema before the step and an idea indexed by the old trigger
        let step = try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == "0023_ideas_search_per_commit" })
        _ = try Migrator.apply(Array(IngestDaemon.migrations[..<step]), to: db)
        try db.insertOrganizationProjectAndBoard()
        try db.execute(
            """
            INSERT INTO ideas (id, project_id, board_id, slug, title, description, created_at, last_activity_at, updated_at)
                VALUES ('i1', 'p1', 'b1', 'old', 'Older pelican', '', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z',
                        '2026-01-02T00:00:00.000Z');
            """)
        XCTAssertEqual(try matches("pelican"), ["i1"])

        // When the step (and the next, after which the store queues new ideas itself) runs and
        // the store then creates an idea in a transaction
        XCTAssertEqual(
            try Migrator.apply(Array(IngestDaemon.migrations[...(step + 1)]), to: db),
            ["0023_ideas_search_per_commit", "0024_ideas_search_queued_by_the_store"])
        let store = IngestStore(db: db, clock: SystemClock())
        let board = try XCTUnwrap(try store.boards(projectId: "p1").first)
        let created = try store.submitIdea(
            projectId: "p1", board: board, title: "Newer pelican", description: "", authorName: nil, authorEmail: nil,
            authorKey: nil)

        // Then both are found, once each, and nothing waits in the queue
        XCTAssertEqual(Set(try matches("pelican")), ["i1", created.id])
        XCTAssertEqual(try matches("older"), ["i1"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM ideas_fts_pending").intValue, 0)
        try db.execute("INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)")
    }
}
