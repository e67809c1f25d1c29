import Foundation
import XCTest

@testable import HubStore

final class TableChangeCounterTests: XCTestCase {
    func testCountsOnlyChangesToTheWatchedTablesAndCachesFollowIt() throws {
        // Given a connection with two tables, one of them watched
        let db = try SQLiteDatabase(path: ":memory:")
        defer { db.close() }
        try db.execute("CREATE TABLE watched (v INTEGER); CREATE TABLE other (v INTEGER);")
        let counter = db.changeCounter(forTables: ["watched"])
        let cache = GenerationCache<Int>()
        var computed = 0
        func read() throws -> Int {
            try cache.value(for: "count", in: counter) {
                computed += 1
                return try db.scalar("SELECT count(*) FROM watched").intValue ?? -1
            }
        }
        // When the watched table changes, the counter moves and the cached value is recomputed
        XCTAssertEqual(try read(), 0)
        try db.run("INSERT INTO watched VALUES (1)")
        XCTAssertEqual(counter.generation, 1)
        XCTAssertEqual(try read(), 1)
        // And changes elsewhere (even many) leave it, and the cache, alone
        for i in 0..<10 { try db.run("INSERT INTO other VALUES (?)", [.int(Int64(i))]) }
        XCTAssertEqual(counter.generation, 1)
        XCTAssertEqual(try read(), 1)
        XCTAssertEqual(computed, 2)
        // And updates and deletes count as changes
        try db.run("UPDATE watched SET v = 2")
        try db.run("DELETE FROM watched WHERE v = 2")
        XCTAssertEqual(counter.generation, 3)
        XCTAssertEqual(try read(), 0)
    }

    func testCountersSharingATableBothMoveAndNamesSharingAPrefixAreDifferentTables() throws {
        // Given two counters watching one table in common, and tables whose names begin alike
        let db = try SQLiteDatabase(path: ":memory:")
        defer { db.close() }
        try db.execute(
            "CREATE TABLE ideas (v INTEGER); CREATE TABLE ideas_fts_pending (v INTEGER); CREATE TABLE idea (v INTEGER); CREATE TABLE boards (v INTEGER);"
        )
        let community = db.changeCounter(forTables: ["ideas", "boards"])
        let projects = db.changeCounter(forTables: ["boards"])

        // When a table only one of them watches changes, that one moves
        try db.run("INSERT INTO ideas VALUES (1)")
        XCTAssertEqual([community.generation, projects.generation], [1, 0])

        // And a shared one moves both
        try db.run("INSERT INTO boards VALUES (1)")
        XCTAssertEqual([community.generation, projects.generation], [2, 1])

        // And a name that the watched one begins, or that begins with it, moves neither
        try db.run("INSERT INTO ideas_fts_pending VALUES (1)")
        try db.run("INSERT INTO idea VALUES (1)")
        XCTAssertEqual([community.generation, projects.generation], [2, 1])
    }
}
