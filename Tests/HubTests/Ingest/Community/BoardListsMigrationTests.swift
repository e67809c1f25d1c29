import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0028_idea_lists_by_board_only`: a project's idea lists read the same, page by page, once
/// its per-project list indexes are gone and each page merges its boards' indexes.
final class BoardListsMigrationTests: XCTestCase {
    func testAProjectsListsPageTheSameAcrossTheStepFromItsBoardsIndexes() throws {
        // Given a project of two boards with ideas, votes, comments and a pinned idea, before the step
        let step = try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == "0028_idea_lists_by_board_only" })
        let db = try temporaryStore("board-lists", migratedThrough: IngestDaemon.migrations[..<step])
        try db.insertOrganizationProjectAndBoard()
        try db.execute(
            """
            INSERT INTO boards (id, project_id, slug, name, position, created_at)
                VALUES ('b2', 'p1', 'bugs', 'Bugs', 1, '2026-01-01T00:00:00.000Z');
            """)
        let store = IngestStore(db: db, clock: SystemClock())
        let boards = try store.boards(projectId: "p1")
        XCTAssertEqual(boards.count, 2)
        for i in 0..<30 {
            _ = try store.submitIdea(
                projectId: "p1", board: boards[i % 3 == 0 ? 1 : 0], title: "Idea \(i)", description: "", authorName: nil,
                authorEmail: nil, authorKey: nil)
        }
        try db.execute("UPDATE ideas SET vote_count = rowid % 4, comment_count = rowid % 3, pinned = rowid IN (7, 9)")
        func pages() throws -> [[String]] {
            try IdeaSort.allCases.flatMap { sort in
                try [nil, "b1", "b2"].map { boardId in
                    let filter = IdeaListFilter(boardId: boardId, statusIds: nil, match: nil, sort: sort)
                    var ids: [String] = []
                    var after: [SQLValue]?
                    while true {
                        let page = try store.publicIdeaPage(projectId: "p1", filter: filter, after: after, limit: 4, viewerKey: nil)
                        ids += page.map(\.id)
                        guard page.count == 4, let last = page.last else { return ids }
                        after = sort.position(of: last).map(\.sql)
                    }
                }
            }
        }
        let listed = try pages()
        XCTAssertEqual(listed.first?.count, 30)
        let projectIndexes = "SELECT count(*) FROM sqlite_master WHERE name LIKE 'ideas_visible_project_%'"
        XCTAssertEqual(try db.scalar(projectIndexes).intValue, 3)

        // When the step runs, and any after it
        XCTAssertEqual(try Migrator.apply(IngestDaemon.migrations, to: db).first, "0028_idea_lists_by_board_only")

        // Then the per-project indexes are gone, the per-board ones stay, and every list pages the same
        XCTAssertEqual(try db.scalar(projectIndexes).intValue, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name LIKE 'ideas_visible_board_%'").intValue, 3)
        XCTAssertEqual(try pages(), listed)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }
}
