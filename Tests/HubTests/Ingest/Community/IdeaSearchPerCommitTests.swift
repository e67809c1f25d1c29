import Foundation
import HubStore
import XCTest

@testable import IngestService

/// The ideas' full-text index is fed once per commit (`IngestSchema.ideaSearchPerCommit`), not
/// at every request's savepoint, and search stays exact: an acknowledged idea is found at
/// once, a rolled back one never.
final class IdeaSearchPerCommitTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws {
        community = try CommunityFixture(environment: ["APPNORTH_COMMUNITY_RATE_PER_MIN": "100000"])
    }
    override func tearDown() { community?.shutdown() }

    private func search(_ text: String) throws -> [String] {
        try community.items("/ideas", ["query": text]).compactMap { $0["id"] as? String }
    }

    private func board() throws -> Board { try XCTUnwrap(try community.store.boards(projectId: community.projectId).first) }

    private func submit(_ title: String, on board: Board) throws -> CommunityIdea {
        try community.store.submitIdea(
            projectId: community.projectId, board: board, title: title, description: "", authorName: nil, authorEmail: nil,
            authorKey: nil)
    }

    func testEveryIdeaOfABatchOfConcurrentCreatesIsFoundRightAfterIts201() throws {
        // Given 32 clients creating ideas at once, so their writes share group commits
        let lock = NSLock()
        var missing: [String] = []
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let word = "zebra\(String(repeating: "q", count: i % 8))x\(i)"
            // When each one's 201 arrives
            let id = (try? community.createIdea(title: "Idea \(word)")["id"] as? String) ?? nil
            // Then a search for its word at once finds exactly it
            let found = (try? search(word)) ?? []
            if id == nil || found != [id!] { lock.withLock { missing.append(word) } }
        }
        XCTAssertEqual(missing, [])
        XCTAssertEqual(try community.store.db.scalar("SELECT count(*) FROM ideas_fts_pending").intValue, 0)
    }

    func testARolledBackSavepointsIdeaNeverAppearsInSearchWhileItsBatchNeighbourDoes() throws {
        struct Refused: Error {}
        let board = try board()
        let db = community.store.db
        // Given one transaction as a group commit runs it: a request that inserts an idea and
        // then fails, and one that succeeds, each in its own savepoint
        let kept = try db.transaction {
            _ = try? db.transaction {
                _ = try submit("Walrus refused", on: board)
                throw Refused()
            }
            return try db.transaction { try submit("Walrus kept", on: board).id }
        }
        // Then search finds only the committed one, and the index holds nothing more
        XCTAssertEqual(try search("walrus"), [kept])
        XCTAssertEqual(try search("refused"), [])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM ideas_fts WHERE ideas_fts MATCH 'walrus'").intValue, 1)
        try db.execute("INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)")
    }

    func testANewIdeaIsQueuedByTheStoreWithoutATriggerOnItsInsert() throws {
        let board = try board()
        let db = community.store.db
        // Given the schema: nothing fires on an idea's insert, so it needs no statement journal
        XCTAssertEqual(
            try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ideas' AND sql LIKE '%AFTER INSERT%'"),
            .int(0))
        // When an idea is submitted inside a transaction, the queue holds exactly its row until the commit
        let queued = try db.transaction { () -> [Int64] in
            let idea = try submit("Queued narwhal", on: board)
            let rowid = try db.scalar("SELECT rowid FROM ideas WHERE id = ?", [.text(idea.id)]).int64Value
            XCTAssertEqual(try db.query("SELECT idea_rowid FROM ideas_fts_pending").compactMap { $0.int64(0) }, [rowid].compactMap { $0 })
            return try db.query("SELECT idea_rowid FROM ideas_fts_pending").compactMap { $0.int64(0) }
        }
        XCTAssertEqual(queued.count, 1)
        // Then the commit indexed it and emptied the queue
        XCTAssertEqual(try search("narwhal").count, 1)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM ideas_fts_pending"), .int(0))
    }

    func testATitlePostedAgainAndAgainIsNumberedInOrderAndStillFindsAFreeSlugAfterADeletion() throws {
        let board = try board()
        // Given one title posted 40 times
        let slugs = try (1...40).map { _ in try submit("Same old title", on: board).slug }
        // Then they are numbered in order
        XCTAssertEqual(slugs, ["same-old-title"] + (2...40).map { "same-old-title-\($0)" })
        // And after one in the middle is deleted, the next still goes in free, under a slug of its own
        try community.store.db.run("DELETE FROM ideas WHERE project_id = ? AND slug = 'same-old-title-17'", [.text(community.projectId)])
        let next = try submit("Same old title", on: board)
        XCTAssertTrue(next.slug.hasPrefix("same-old-title-"))
        XCTAssertEqual(
            try community.store.db.scalar(
                "SELECT count(*) FROM ideas WHERE project_id = ? AND slug = ?", [.text(community.projectId), .text(next.slug)]
            ).int64Value, 1)
        XCTAssertEqual(
            try community.store.db.scalar(
                "SELECT count(*) FROM ideas WHERE project_id = ? AND title = 'Same old title'", [.text(community.projectId)]
            )
            .int64Value, 40)
    }

    func testAnIdeaWhoseSlugIsTakenIsQueuedUnderItsOwnRowAndFoundUnderItsNextSlug() throws {
        let board = try board()
        let db = community.store.db
        // Given an idea whose title's slug the next two share
        let first = try submit("Queued pelican", on: board)
        // When both are submitted in one transaction: the insert under the taken slug does
        // nothing, and each goes in under the next free one
        let (queued, rowids, later) = try db.transaction { () -> ([Int64], [Int64], [CommunityIdea]) in
            let later = [try submit("Queued pelican!", on: board), try submit("queued  PELICAN", on: board)]
            let rowids = try later.map { try XCTUnwrap(try db.scalar("SELECT rowid FROM ideas WHERE id = ?", [.text($0.id)]).int64Value) }
            return (try db.query("SELECT idea_rowid FROM ideas_fts_pending ORDER BY idea_rowid").compactMap { $0.int64(0) }, rowids, later)
        }
        // Then each got its slug, the queue held exactly their rows, and search finds all three
        XCTAssertEqual([first.slug] + later.map(\.slug), ["queued-pelican", "queued-pelican-2", "queued-pelican-3"])
        XCTAssertEqual(queued, rowids)
        XCTAssertEqual(Set(try search("pelican")), Set([first.id] + later.map(\.id)))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM ideas WHERE slug LIKE 'queued-pelican%'").intValue, 3)
        try db.execute("INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)")
    }

    func testABatchOfFortyIdeasWritesItsIndexOnceNotPerSavepoint() throws {
        let board = try board()
        let db = community.store.db
        let segmentRows = "SELECT count(*) FROM ideas_fts_data"
        let before = try db.scalar(segmentRows).intValue ?? 0
        // When 40 ideas commit together, each in its own savepoint
        try db.transaction {
            for i in 0..<40 { _ = try db.transaction { try submit("Batched otter \(i)", on: board) } }
        }
        // Then the index gained one segment's rows, not one segment per savepoint
        let added = (try db.scalar(segmentRows).intValue ?? 0) - before
        XCTAssertLessThanOrEqual(added, 3, "FTS5 rows written for 40 ideas")
        XCTAssertEqual(try search("otter").count, 20, "a page of the 40")
    }

    func testEditingAndDeletingIdeasKeepsTheIndexExact() throws {
        let board = try board()
        let db = community.store.db
        // Given an idea committed (indexed) and one edited and one deleted before their commit
        let indexed = try submit("Heron indexed", on: board).id
        let edited = try db.transaction { () -> String in
            let id = try submit("Heron draft", on: board).id
            try db.run("UPDATE ideas SET title = 'Heron final' WHERE id = ?", [.text(id)])
            return id
        }
        try db.transaction {
            let id = try submit("Heron gone", on: board).id
            try db.run("DELETE FROM ideas WHERE id = ?", [.text(id)])
        }
        // When the indexed one is edited after its commit
        try db.run("UPDATE ideas SET title = 'Heron renamed' WHERE id = ?", [.text(indexed)])
        // Then search sees every row as it is now
        XCTAssertEqual(Set(try search("heron")), [indexed, edited])
        XCTAssertEqual(try search("final"), [edited])
        XCTAssertEqual(try search("renamed"), [indexed])
        XCTAssertEqual(try search("draft") + search("gone") + search("indexed"), [])
        try db.execute("INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)")
    }
}
