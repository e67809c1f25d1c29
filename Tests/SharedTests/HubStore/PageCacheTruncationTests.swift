import CSQLite
import Foundation
import TestSupport
import XCTest

@testable import HubStore

/// `PageCacheTruncation`: a commit after a B-tree renumbered its pages no longer hands SQLite's
/// cache a truncation that can drop nothing, and a truncation that must drop pages (a rolled
/// back transaction that grew the file) still does.
final class PageCacheTruncationTests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = temporaryDatabasePath("page-cache")
    }

    /// A cache as `install` makes it, around no real cache: only its bound is exercised.
    private func cache(holdingUpTo pages: UInt32) -> PageCacheTruncation.Cache {
        var cache = PageCacheTruncation.Cache(inner: OpaquePointer(bitPattern: 1)!, methods: sqlite3_pcache_methods2())
        cache.bound = pages
        return cache
    }

    func testAPageParkedAtTheLockBytePageAndMovedBackLeavesNothingToTruncate() {
        // Given a cache of pages 1 to 100, in which a rebalance swaps pages 5 and 9 through
        // page 262,145 (the lock-byte page of 4 KiB pages), as SQLite's B-tree does
        var cache = cache(holdingUpTo: 100)
        cache.renumbered(from: 5, to: 262_145)
        XCTAssertTrue(cache.mayHold(atOrPast: 101), "while parked, the page is past the end")
        cache.renumbered(from: 9, to: 5)
        cache.renumbered(from: 262_145, to: 9)
        // Then no page can be at 101 or past it, while one can be at 100
        XCTAssertFalse(cache.mayHold(atOrPast: 101))
        XCTAssertTrue(cache.mayHold(atOrPast: 100))
    }

    func testAPageRenumberedPastTheBoundAndLeftThereIsStillTruncated() {
        // Given a cache of pages 1 to 100 and a page moved to 150 and left there
        var cache = cache(holdingUpTo: 100)
        cache.renumbered(from: 7, to: 150)
        // Then a truncation at 150 or below must reach SQLite's cache, one past it need not
        XCTAssertTrue(cache.mayHold(atOrPast: 150))
        XCTAssertTrue(cache.mayHold(atOrPast: 120))
        XCTAssertFalse(cache.mayHold(atOrPast: 151))
        // When the cache is truncated at 120
        cache.truncated(at: 120)
        // Then the moved page is gone, and the bound is the first 100 pages' again
        XCTAssertFalse(cache.mayHold(atOrPast: 101))
        XCTAssertTrue(cache.mayHold(atOrPast: 100))
        // And a truncation below the bound lowers it
        cache.truncated(at: 60)
        XCTAssertFalse(cache.mayHold(atOrPast: 60))
        XCTAssertTrue(cache.mayHold(atOrPast: 59))
    }

    func testMoreParkedPagesThanSlotsRaiseTheBound() {
        // Given three pages moved past the bound and left there (two slots)
        var cache = cache(holdingUpTo: 10)
        cache.renumbered(from: 1, to: 20)
        cache.renumbered(from: 2, to: 30)
        cache.renumbered(from: 3, to: 40)
        // When the first two move back
        cache.renumbered(from: 20, to: 1)
        cache.renumbered(from: 30, to: 2)
        // Then the third still counts
        XCTAssertTrue(cache.mayHold(atOrPast: 40))
        XCTAssertFalse(cache.mayHold(atOrPast: 41))
    }

    func testATruncationAtZeroAlwaysReachesTheCache() {
        var cache = cache(holdingUpTo: 0)
        XCTAssertTrue(cache.mayHold(atOrPast: 0))
        cache.truncated(at: 0)
        XCTAssertFalse(cache.mayHold(atOrPast: 1))
    }

    func testCommitsThatSplitIndexPagesLeaveTheirTruncationOut() throws {
        // Given a store with an index of random keys, so that inserts split and rebalance pages
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        XCTAssertTrue(SQLiteDatabase.libraryConfigured)
        try db.execute(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL, body TEXT NOT NULL); CREATE INDEX item_key ON item (key)")
        let before = PageCacheTruncation.counts
        // When 40 transactions of 200 rows each commit
        for batch in 0..<40 {
            try db.transaction {
                for row in 0..<200 {
                    try db.run(
                        "INSERT INTO item (key, body) VALUES (?, ?)",
                        [.text(UUID().uuidString), .text(String(repeating: "x", count: 300) + "\(batch)-\(row)")])
                }
            }
        }
        // Then at least one truncation a commit was left out, and every row is there
        let after = PageCacheTruncation.counts
        XCTAssertGreaterThanOrEqual(after.skipped - before.skipped, 40)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM item").int64Value, 8_000)
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check").stringValue, "ok")
    }

    func testARolledBackGrowthIsDroppedFromTheCache() throws {
        // Given a store of 500 rows
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        try db.execute(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL, body TEXT NOT NULL); CREATE INDEX item_key ON item (key)")
        try db.transaction {
            for row in 0..<500 {
                try db.run("INSERT INTO item (key, body) VALUES (?, ?)", [.text(UUID().uuidString), .text("kept \(row)")])
            }
        }
        let pages = try db.scalar("PRAGMA page_count").int64Value ?? 0
        let before = PageCacheTruncation.counts
        // When a transaction that grew the file by hundreds of pages rolls back
        struct Abandon: Error {}
        XCTAssertThrowsError(
            try db.transaction {
                for row in 0..<3_000 {
                    try db.run(
                        "INSERT INTO item (key, body) VALUES (?, ?)",
                        [.text(UUID().uuidString), .text(String(repeating: "r", count: 900) + "\(row)")])
                }
                XCTAssertGreaterThan(try db.scalar("PRAGMA page_count").int64Value ?? 0, pages + 500)
                throw Abandon()
            })
        // Then the cache was truncated, and rows written after it read back as written, through
        // this connection and a new one
        XCTAssertGreaterThan(PageCacheTruncation.counts.forwarded, before.forwarded)
        XCTAssertEqual(try db.scalar("PRAGMA page_count").int64Value, pages)
        try db.transaction {
            for row in 0..<3_000 { try db.run("INSERT INTO item (key, body) VALUES (?, ?)", [.text("new-\(row)"), .text("after \(row)")]) }
        }
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check").stringValue, "ok")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM item WHERE body LIKE 'r%'").int64Value, 0)
        XCTAssertEqual(try db.scalar("SELECT body FROM item WHERE key = 'new-2999'").stringValue, "after 2999")
        let other = try SQLiteDatabase(path: path)
        defer { other.close() }
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM item").int64Value, 3_500)
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM item WHERE body LIKE 'after %'").int64Value, 3_000)
    }
}
