import CSQLite
import Foundation
import TestSupport
import XCTest

@testable import HubStore

/// `CoalescedWALWrites`: a commit's frames reach the WAL file in one write, every commit is in
/// the file when `COMMIT` returns (another connection and another process read it), and a
/// transaction larger than the page cache, which writes frames before it commits and reads
/// them back, loses nothing; and frames a rolled-back transaction wrote before its commit are
/// written before its write lock is given up, never later over another connection's commit.
final class CoalescedWALWritesTests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = temporaryDatabasePath("coalesced-wal")
    }

    private func openWithTable() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path)
        try db.execute(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL, body TEXT NOT NULL); CREATE INDEX item_key ON item (key)")
        return db
    }

    /// The store's database and WAL as the file system holds them now, copied (without the
    /// -shm: whoever opens the copy rebuilds the WAL's index from the WAL), removed after the test.
    private func copyOfTheFiles() throws -> String {
        let copy = temporaryDatabasePath("coalesced-wal-copy")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        return copy
    }

    func testTheStoresFileSystemIsTheDefault() throws {
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        XCTAssertTrue(SQLiteDatabase.libraryConfigured)
        let name = sqlite3_vfs_find(nil).map { String(cString: $0.pointee.zName) }
        XCTAssertEqual(name, "appnorth-coalesced-wal")
    }

    func testACommitsFramesReachTheFileInAFewWrites() throws {
        // Given a store
        let db = try openWithTable()
        defer { db.close() }
        // When one transaction writes some 40 pages, then commits
        let before = CoalescedWALWrites.counts
        try db.transaction {
            for row in 0..<400 {
                try db.run(
                    "INSERT INTO item (key, body) VALUES (?, ?)",
                    [.text(UUID().uuidString), .text(String(repeating: "b", count: 300) + "\(row)")])
            }
        }
        let after = CoalescedWALWrites.counts
        // Then SQLite wrote a header and a page for each frame, and the file system got a write
        // for each 124 KiB (and one for the WAL's header, written first and synced), not two a frame
        let received = after.received - before.received
        let written = after.written - before.written
        XCTAssertGreaterThanOrEqual(received, 80, "a header and a page for each of at least 40 frames")
        XCTAssertGreaterThanOrEqual(written, 1)
        XCTAssertLessThanOrEqual(written, 4)
        // And another connection reads every row at once, from the WAL
        let reader = try SQLiteDatabase(path: path)
        defer { reader.close() }
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM item").int64Value, 400)
    }

    func testEachCommitIsInTheFileWhenItReturns() throws {
        // Given a writer and a reader on the same store
        let db = try openWithTable()
        defer { db.close() }
        let reader = try SQLiteDatabase(path: path)
        defer { reader.close() }
        for round in 1...30 {
            // When a transaction commits
            try db.transaction {
                try db.run("INSERT INTO item (key, body) VALUES (?, ?)", [.text("k\(round)"), .text("round \(round)")])
            }
            // Then the reader sees it, and so does a new process reading the files as they are
            XCTAssertEqual(try reader.scalar("SELECT count(*) FROM item").int64Value, Int64(round))
        }
        let copy = try copyOfTheFiles()
        var handle: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(copy, &handle, SQLITE_OPEN_READWRITE, nil), SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        XCTAssertEqual(sqlite3_prepare_v2(handle, "SELECT count(*), max(body) FROM item", -1, &statement, nil), SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        XCTAssertEqual(sqlite3_step(statement), SQLITE_ROW)
        XCTAssertEqual(sqlite3_column_int64(statement, 0), 30)
        XCTAssertEqual(String(cString: sqlite3_column_text(statement, 1)), "round 9")
    }

    func testATransactionLargerThanTheCacheReadsBackWhatItSpilled() throws {
        // Given a store whose writer keeps only 20 pages in its cache
        let db = try openWithTable()
        defer { db.close() }
        try db.execute("PRAGMA cache_size=20")
        // When one transaction writes hundreds of pages (spilled to the WAL before the commit)
        // and reads them back before it commits
        try db.transaction {
            for row in 0..<3_000 {
                try db.run(
                    "INSERT INTO item (key, body) VALUES (?, ?)",
                    [.text("key-\(row)"), .text(String(repeating: "s", count: 500) + "\(row)")])
            }
            XCTAssertEqual(try db.scalar("SELECT count(*) FROM item WHERE body LIKE '%7'").int64Value, 300)
            XCTAssertEqual(try db.scalar("SELECT substr(body, 501) FROM item WHERE key = 'key-1234'").stringValue, "1234")
        }
        // Then the store is sound and holds every row, for the writer and for a new connection
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check").stringValue, "ok")
        let reader = try SQLiteDatabase(path: path)
        defer { reader.close() }
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM item").int64Value, 3_000)
        XCTAssertEqual(try reader.scalar("SELECT substr(body, 501) FROM item WHERE key = 'key-2999'").stringValue, "2999")
    }

    func testARolledBackTransactionLeavesNoRowAndTheNextCommitsWell() throws {
        let db = try openWithTable()
        defer { db.close() }
        try db.execute("PRAGMA cache_size=20")
        struct Abandon: Error {}
        XCTAssertThrowsError(
            try db.transaction {
                for row in 0..<2_000 {
                    try db.run(
                        "INSERT INTO item (key, body) VALUES (?, ?)", [.text("gone-\(row)"), .text(String(repeating: "g", count: 400))])
                }
                throw Abandon()
            })
        try db.transaction { try db.run("INSERT INTO item (key, body) VALUES ('kept', 'kept')") }
        let reader = try SQLiteDatabase(path: path)
        defer { reader.close() }
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM item").int64Value, 1)
        XCTAssertEqual(try reader.scalar("PRAGMA integrity_check").stringValue, "ok")
    }

    func testFramesOfARolledBackTransactionNeverOverwriteAnotherConnectionsCommit() throws {
        // Given a store whose WAL was just checkpointed and emptied, and two writers
        let second = try openWithTable()
        defer { second.close() }
        try second.run("INSERT INTO item (key, body) VALUES ('before', 'before')")
        _ = try second.scalar("PRAGMA wal_checkpoint(TRUNCATE)")
        var first: OpaquePointer?
        XCTAssertEqual(sqlite3_open_v2(path, &first, SQLITE_OPEN_READWRITE, nil), SQLITE_OK)
        defer { sqlite3_close_v2(first) }
        func run(_ sql: String) { XCTAssertEqual(sqlite3_exec(first, sql, nil, nil, nil), SQLITE_OK, sql) }
        // When the first writes its transaction's pages to the WAL before committing (as a cache
        // spill does), then rolls it back
        let gathered = CoalescedWALWrites.writtenAtUnlock.load(ordering: .relaxed)
        run("BEGIN IMMEDIATE")
        for row in 0..<60 { run("INSERT INTO item (key, body) VALUES ('gone-\(row)', printf('%.900c', 'g'))") }
        XCTAssertEqual(sqlite3_db_cacheflush(first), SQLITE_OK)
        run("ROLLBACK")
        XCTAssertEqual(
            CoalescedWALWrites.writtenAtUnlock.load(ordering: .relaxed), gathered + 1, "frames were still gathered at the rollback")
        // And the second commits where those frames were, and the first reads, then closes
        try second.transaction {
            for row in 0..<5 { try second.run("INSERT INTO item (key, body) VALUES (?, ?)", [.text("kept-\(row)"), .text("kept")]) }
        }
        var statement: OpaquePointer?
        XCTAssertEqual(sqlite3_prepare_v2(first, "SELECT count(*) FROM item WHERE body = 'kept'", -1, &statement, nil), SQLITE_OK)
        XCTAssertEqual(sqlite3_step(statement), SQLITE_ROW)
        XCTAssertEqual(sqlite3_column_int64(statement, 0), 5)
        sqlite3_finalize(statement)
        sqlite3_close_v2(first)
        first = nil
        // Then the second's commit is intact, for it and for a new process reading the files
        XCTAssertEqual(try second.scalar("SELECT count(*) FROM item WHERE body = 'kept'").int64Value, 5)
        XCTAssertEqual(try second.scalar("PRAGMA integrity_check").stringValue, "ok")
        let copy = try copyOfTheFiles()
        let fresh = try SQLiteDatabase(path: copy)
        defer { fresh.close() }
        XCTAssertEqual(try fresh.scalar("SELECT count(*) FROM item").int64Value, 6)
        XCTAssertEqual(try fresh.scalar("PRAGMA integrity_check").stringValue, "ok")
    }
}
