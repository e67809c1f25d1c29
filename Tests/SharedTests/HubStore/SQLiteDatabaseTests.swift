import CSQLite
import Foundation
import XCTest

@testable import HubStore

final class SQLiteDatabaseTests: XCTestCase {
    private struct Boom: Error {}
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "sqlite-db-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func file(_ name: String = "store.sqlite") -> String { directory + "/" + name }

    private func openWithTable(_ path: String? = nil) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path ?? file())
        try db.execute("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, qty INTEGER)")
        return db
    }

    private func names(_ db: SQLiteDatabase) throws -> [String] {
        try db.query("SELECT name FROM item ORDER BY id").compactMap { $0.string("name") }
    }

    func testFileDatabaseIsInWALModeAndWritesWALFile() throws {
        // Given
        let db = try openWithTable()
        // When
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        // Then
        XCTAssertEqual(try db.journalMode(), "wal")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file() + "-wal"))
        XCTAssertEqual(try db.scalar("PRAGMA synchronous").int64Value, 1, "NORMAL")
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys").int64Value, 1)
        XCTAssertEqual(db.path, file())
    }

    func testValuesRoundTripIncludingUnicodeEmbeddedNulAndEmptyBlobs() throws {
        // Given
        let db = try SQLiteDatabase(path: file())
        try db.execute("CREATE TABLE v(id INTEGER PRIMARY KEY, t TEXT, b BLOB, i INTEGER, d REAL, n TEXT)")
        let bytes = (0..<512).map { UInt8($0 % 256) }
        let rows: [[SQLValue]] = [
            [.text("héllo 🌍 日本語"), .blob(bytes), .int(Int64.max), .double(-2.25), .null],
            [.text(""), .blob([]), .int(Int64.min), .double(0), .null],
            [.text("a\u{0}b"), .blob([0]), .int(0), .double(1e300), .text("x")],
        ]
        // When
        for row in rows { try db.run("INSERT INTO v(t, b, i, d, n) VALUES (?, ?, ?, ?, ?)", row) }
        let read = try db.query("SELECT t, b, i, d, n, typeof(t) AS tt, typeof(b) AS tb FROM v ORDER BY id")
        // Then
        XCTAssertEqual(read.map { Array($0.values.prefix(5)) }, rows)
        XCTAssertEqual(read[1].string("tt"), "text", "an empty string stays text")
        XCTAssertEqual(read[1].string("tb"), "blob", "an empty blob stays a blob")
        XCTAssertEqual(read[0].blob("b"), bytes)
        XCTAssertEqual(read[2].string("t")?.utf8.count, 3)
        XCTAssertEqual(read[0].int64("i"), Int64.max)
        XCTAssertNil(read[0].string("n"))
    }

    func testAMappedQueryReadsEachRowByPositionAsRowDoes() throws {
        // Given rows of every storage class
        let db = try SQLiteDatabase(path: file())
        try db.execute("CREATE TABLE v(id INTEGER PRIMARY KEY, t TEXT, i INTEGER, d REAL, n TEXT)")
        try db.run(
            "INSERT INTO v(t, i, d, n) VALUES (?, ?, ?, ?), (?, ?, ?, ?)",
            [.text("héllo 🌍"), .int(42), .double(2.0), .null, .text("a\u{0}b"), .int(-7), .double(2.5), .text("x")])
        let sql = "SELECT t, i, d, n FROM v WHERE id >= ? ORDER BY id"

        // When they are read through a mapping closure
        struct Read: Equatable {
            let t: String?
            let i: Int?
            let d: Double?
            let n: String?
            let values: [SQLValue]
        }
        let mapped = try db.query(sql, [.int(1)]) { columns in
            Read(
                t: columns.string(0), i: columns.int(1), d: columns.double(2), n: columns.string(3),
                values: (0..<columns.count).map { columns[$0] })
        }

        // Then each value is what `Row` gives for the same position
        let rows = try db.query(sql, [.int(1)])
        XCTAssertEqual(mapped.map(\.values), rows.map(\.values))
        XCTAssertEqual(mapped, rows.map { Read(t: $0.string(0), i: $0.int(1), d: $0.double(2), n: $0.string(3), values: $0.values) })
        XCTAssertEqual(mapped.first?.t, "héllo 🌍")
        XCTAssertEqual(mapped.last?.t?.utf8.count, 3, "an embedded NUL is kept")
        // As with Row: another storage class, NULL and a position out of range read as nil
        let edges = try db.query(sql, [.int(1)]) { columns in
            [
                columns.string(1) == nil, columns.int(0) == nil, columns.int64(3) == nil, columns.string(4) == nil,
                columns[-1] == .null, columns.int(2) == 2,
            ]
        }
        XCTAssertEqual(edges.first, [true, true, true, true, true, true])
        XCTAssertEqual(edges.last?.last, false, "2.5 is not an integer")
        // And an error in the closure stops the query and leaves the statement reusable
        struct Stop: Error {}
        XCTAssertThrowsError(try db.query(sql, [.int(1)]) { _ -> Int in throw Stop() })
        XCTAssertEqual(try db.query(sql, [.int(2)]) { $0.int(1) }, [-7])
    }

    func testLastInsertRowIDAndChangesDescribeTheLastStatement() throws {
        // Given
        let db = try openWithTable()
        // When
        try db.run("INSERT INTO item(name, qty) VALUES (?, ?)", ["a", 1])
        let first = db.lastInsertRowID
        try db.run("INSERT INTO item(name, qty) VALUES (?, ?)", ["b", 1])
        let second = db.lastInsertRowID
        try db.run("UPDATE item SET qty = qty + 1 WHERE qty = ?", [1])
        // Then
        XCTAssertEqual(second, first + 1)
        XCTAssertEqual(db.changes, 2)
        XCTAssertEqual(try db.queryOne("SELECT qty FROM item WHERE id = ?", [.int(first)])?.int("qty"), 2)
        XCTAssertNil(try db.queryOne("SELECT qty FROM item WHERE id = ?", [-1]))
    }

    func testRunCountingAnswersTheRowsItsStatementChangedAndPlaceholdersFitAnInList() throws {
        // Given three rows
        let db = try openWithTable()
        for name in ["a", "b", "c"] { try db.run("INSERT INTO item(name, qty) VALUES (?, 1)", [.text(name)]) }
        // When two are deleted through a list of two placeholders, then none through an empty list
        let two = try db.runCounting("DELETE FROM item WHERE name IN (\(SQLiteDatabase.placeholders(2)))", ["a", "b"])
        let none = try db.runCounting("DELETE FROM item WHERE name IN (\(SQLiteDatabase.placeholders(0)))")
        // Then each answers its own count, and the empty list matched nothing
        XCTAssertEqual(SQLiteDatabase.placeholders(2), "?, ?")
        XCTAssertEqual(two, 2)
        XCTAssertEqual(none, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM item").intValue, 1)
    }

    func testTransactionCommitsAndReturnsTheBodyValue() throws {
        // Given
        let db = try openWithTable()
        // When
        let id = try db.transaction { () throws -> Int64 in
            try db.run("INSERT INTO item(name) VALUES (?)", ["kept"])
            return db.lastInsertRowID
        }
        // Then
        XCTAssertFalse(db.isInTransaction)
        XCTAssertEqual(try db.scalar("SELECT name FROM item WHERE id = ?", [.int(id)]), "kept")
    }

    func testTransactionRollsBackWhenBodyThrows() throws {
        // Given
        let db = try openWithTable()
        // When
        XCTAssertThrowsError(
            try db.transaction {
                try db.run("INSERT INTO item(name) VALUES (?)", ["lost"])
                throw Boom()
            }
        ) { XCTAssertTrue($0 is Boom) }
        // Then
        XCTAssertEqual(try names(db), [])
        XCTAssertFalse(db.isInTransaction)
    }

    func testNestedTransactionRollbackKeepsOuterWork() throws {
        // Given
        let db = try openWithTable()
        // When
        try db.transaction {
            try db.run("INSERT INTO item(name) VALUES (?)", ["outer-before"])
            XCTAssertThrowsError(
                try db.transaction {
                    try db.run("INSERT INTO item(name) VALUES (?)", ["inner-lost"])
                    throw Boom()
                })
            try db.transaction { try db.run("INSERT INTO item(name) VALUES (?)", ["inner-kept"]) }
            try db.run("INSERT INTO item(name) VALUES (?)", ["outer-after"])
        }
        // Then
        XCTAssertEqual(try names(db), ["outer-before", "inner-kept", "outer-after"])
        XCTAssertEqual(db.transactionDepth, 0)
    }

    func testConstraintViolationsMapToConstraint() throws {
        // Given
        let db = try openWithTable()
        try db.execute("CREATE TABLE child(id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES item(id))")
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        // When / Then
        XCTAssertThrowsError(try db.run("INSERT INTO item(name) VALUES (?)", ["a"])) { error in
            guard case .constraint(let message)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("UNIQUE"), message)
            XCTAssertTrue((error as? StoreError)?.isUniqueViolation ?? false)
            XCTAssertEqual((error as? StoreError)?.code, "STORE_CONSTRAINT")
        }
        XCTAssertThrowsError(try db.run("INSERT INTO child(item_id) VALUES (?)", [999])) { error in
            guard case .constraint(let message)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("FOREIGN KEY"), message)
            XCTAssertFalse((error as? StoreError)?.isUniqueViolation ?? true)
        }
        XCTAssertThrowsError(try db.run("INSERT INTO item(name) VALUES (?)", [nil])) { error in
            guard case .constraint? = error as? StoreError else { return XCTFail("\(error)") }
        }
    }

    func testStatementCacheReusesOnePreparedStatementAcrossBindings() throws {
        // Given
        let db = try openWithTable()
        for (name, qty) in [("a", 1), ("b", 2), ("c", 3)] {
            try db.run("INSERT INTO item(name, qty) VALUES (?, ?)", [.text(name), .int(Int64(qty))])
        }
        let sql = "SELECT name FROM item WHERE qty >= ? ORDER BY name"
        let before = db.preparedStatementCount
        // When
        let all = try db.query(sql, [1]).compactMap { $0.string(0) }
        let some = try db.query(sql, [2]).compactMap { $0.string(0) }
        let none = try db.query(sql, [9]).compactMap { $0.string(0) }
        let last = try db.query(sql, [3]).compactMap { $0.string(0) }
        // Then
        XCTAssertEqual(all, ["a", "b", "c"])
        XCTAssertEqual(some, ["b", "c"])
        XCTAssertEqual(none, [])
        XCTAssertEqual(last, ["c"])
        XCTAssertEqual(db.preparedStatementCount - before, 1, "one compile for four uses")
    }

    func testStatementCacheEvictsLeastRecentlyUsed() throws {
        // Given
        let db = try SQLiteDatabase(path: file(), statementCacheCapacity: 2)
        let before = db.preparedStatementCount
        // When
        for sql in ["SELECT 1", "SELECT 2", "SELECT 1", "SELECT 3", "SELECT 1"] { _ = try db.scalar(sql) }
        let afterEviction = db.preparedStatementCount - before
        XCTAssertEqual(try db.scalar("SELECT 2"), 2)
        // Then
        XCTAssertEqual(afterEviction, 3, "SELECT 1 stayed cached while SELECT 2 was evicted")
        XCTAssertEqual(db.preparedStatementCount - before, 4)
        XCTAssertEqual(db.cachedStatementCount, 2)
    }

    func testStatementsAlikeButInTheirMiddleAreCachedApart() throws {
        // Given two statements of one length whose first and last 32 bytes are the same
        let db = try openWithTable()
        for (name, qty) in [("a", 1), ("b", 2), ("c", 3)] {
            try db.run("INSERT INTO item(name, qty) VALUES (?, ?)", [.text(name), .int(Int64(qty))])
        }
        let head = "SELECT count(*) FROM item WHERE "
        let tail = " AND name IS NOT NULL -- the same tail"
        let (low, high) = (head + "qty >= 1" + tail, head + "qty >= 3" + tail)
        XCTAssertEqual(low.utf8.count, high.utf8.count)
        XCTAssertEqual(head.utf8.count, 32)
        XCTAssertGreaterThan(tail.utf8.count, 32)
        let before = db.preparedStatementCount

        // When each is run three times, alternately
        var answers: [Int?] = []
        for _ in 0..<3 {
            answers.append(try db.scalar(low).intValue)
            answers.append(try db.scalar(high).intValue)
        }

        // Then each answers its own, compiled once
        XCTAssertEqual(answers, [3, 1, 3, 1, 3, 1])
        XCTAssertEqual(db.preparedStatementCount - before, 2)
    }

    func testCachedStatementSeesSchemaChanges() throws {
        // Given
        let db = try openWithTable()
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        XCTAssertEqual(try db.query("SELECT * FROM item").first?.columns, ["id", "name", "qty"])
        // When
        try db.execute("ALTER TABLE item ADD COLUMN note TEXT DEFAULT 'n'")
        // Then
        let row = try db.query("SELECT * FROM item").first
        XCTAssertEqual(row?.columns, ["id", "name", "qty", "note"])
        XCTAssertEqual(row?.string("note"), "n")
    }

    func testACachedStatementKeepsItsLayoutUntilASchemaChangeRecompilesIt() throws {
        // Given a cached statement read twice with other arguments
        let db = try openWithTable()
        try db.run("INSERT INTO item(name) VALUES (?), (?)", ["a", "b"])
        let sql = "SELECT * FROM item WHERE name = ?"
        let first = try XCTUnwrap(db.queryOne(sql, ["a"]))
        let second = try XCTUnwrap(db.queryOne(sql, ["b"]))
        // When the table changes under it
        try db.execute("ALTER TABLE item RENAME COLUMN qty TO quantity")
        let third = try XCTUnwrap(db.queryOne(sql, ["a"]))
        // Then the layout was built once, and again only after the change
        XCTAssertTrue(first.layout === second.layout)
        XCTAssertFalse(second.layout === third.layout)
        XCTAssertEqual(third.columns, ["id", "name", "quantity"])
        XCTAssertEqual(try third.text("name"), "a")
        // And without a statement cache each query builds its own
        let uncached = try SQLiteDatabase(path: file(), statementCacheCapacity: 0)
        XCTAssertFalse(try uncached.queryOne(sql, ["a"])?.layout === uncached.queryOne(sql, ["a"])?.layout)
    }

    func testRunRejectsTrailingStatementsAndWrongArgumentCounts() throws {
        // Given
        let db = try openWithTable()
        // When / Then
        XCTAssertThrowsError(try db.run("INSERT INTO item(name) VALUES ('a'); DELETE FROM item")) {
            XCTAssertEqual(($0 as? StoreError)?.code, "STORE_SQLITE")
        }
        XCTAssertThrowsError(try db.run("INSERT INTO item(name) VALUES (?)", [])) {
            guard case .sqlite(let code, _)? = $0 as? StoreError else { return XCTFail("\($0)") }
            XCTAssertEqual(code, SQLITE_RANGE)
        }
        XCTAssertEqual(try names(db), [], "nothing ran")
        try db.run("INSERT INTO item(name) VALUES ('b'); -- trailing comment\n ;")
        XCTAssertEqual(try names(db), ["b"])
    }

    func testWriteWaitsForAnotherConnectionsLockThenSucceeds() throws {
        // Given
        let holder = try openWithTable()
        let writer = try SQLiteDatabase(path: file(), busyTimeoutMilliseconds: 5000)
        try holder.run("BEGIN IMMEDIATE")
        try holder.run("INSERT INTO item(name) VALUES (?)", ["holder"])
        let released = expectation(description: "lock released")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            do { try holder.run("COMMIT") } catch { XCTFail("commit: \(error)") }
            released.fulfill()
        }
        // When
        let start = Date()
        try writer.run("INSERT INTO item(name) VALUES (?)", ["writer"])
        let waited = Date().timeIntervalSince(start)
        // Then
        wait(for: [released], timeout: 5)
        XCTAssertGreaterThan(waited, 0.2)
        XCTAssertEqual(try names(writer), ["holder", "writer"])
    }

    func testWriteReportsBusyAfterShortTimeout() throws {
        // Given
        let holder = try openWithTable()
        let writer = try SQLiteDatabase(path: file(), busyTimeoutMilliseconds: 150)
        try holder.run("BEGIN IMMEDIATE")
        defer { try? holder.run("ROLLBACK") }
        // When
        let start = Date()
        XCTAssertThrowsError(try writer.transaction { try writer.run("INSERT INTO item(name) VALUES ('w')") }) {
            // Then
            XCTAssertEqual($0 as? StoreError, .busy)
            XCTAssertEqual(($0 as? StoreError)?.code, "STORE_BUSY")
        }
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 0.1)
        XCTAssertFalse(writer.isInTransaction)
    }

    func testBackupWritesAnOpenableCopyAndRefusesExistingTarget() throws {
        // Given
        let db = try openWithTable()
        try db.run("INSERT INTO item(name, qty) VALUES (?, ?)", ["saved", 5])
        let target = file("backup.sqlite")
        // When
        try db.backup(to: target)
        try db.run("INSERT INTO item(name) VALUES (?)", ["after-backup"])
        // Then
        let copy = try SQLiteDatabase(path: target)
        XCTAssertEqual(try names(copy), ["saved"])
        XCTAssertEqual(try copy.integrityCheck(), ["ok"])
        copy.close()
        let sizeBefore = try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int
        XCTAssertThrowsError(try db.backup(to: target)) {
            XCTAssertEqual($0 as? StoreError, .backupTargetExists(target))
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int, sizeBefore)
    }

    func testIntegrityCheckReportsOk() throws {
        // Given
        let db = try openWithTable()
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        // When / Then
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testClosedDatabaseThrowsClosed() throws {
        // Given
        let db = try openWithTable()
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        // When
        db.close()
        db.close()
        // Then
        XCTAssertTrue(db.isClosed)
        XCTAssertThrowsError(try db.run("INSERT INTO item(name) VALUES ('b')")) { XCTAssertEqual($0 as? StoreError, .closed) }
        XCTAssertThrowsError(try db.query("SELECT * FROM item")) { XCTAssertEqual($0 as? StoreError, .closed) }
        XCTAssertThrowsError(try db.execute("SELECT 1")) { XCTAssertEqual($0 as? StoreError, .closed) }
        XCTAssertThrowsError(try db.transaction {}) { XCTAssertEqual($0 as? StoreError, .closed) }
        XCTAssertThrowsError(try db.backup(to: file("b.sqlite"))) { XCTAssertEqual($0 as? StoreError, .closed) }
        XCTAssertEqual(db.cachedStatementCount, 0)
    }

    func testInMemoryDatabaseOpens() throws {
        // Given / When
        let db = try SQLiteDatabase(path: ":memory:")
        // Then
        XCTAssertEqual(try db.journalMode(), "memory")
        XCTAssertEqual(try db.scalar("SELECT ? || ?", ["a", "b"]), "ab")
    }

    func testMemoryStatisticsAreOffSoAllocationsTakeNoGlobalMutex() throws {
        // Given a connection that writes
        let db = try openWithTable()
        defer { db.close() }
        try db.run("INSERT INTO item (name, qty) VALUES ('a', 1)")
        // Then the library was configured before it initialized, and counts no memory
        XCTAssertTrue(SQLiteDatabase.libraryConfigured)
        XCTAssertEqual(sqlite3_memory_used(), 0)
    }

    func testTheConnectionLockAloneSerializesThreadsSharingAConnection() throws {
        // Given a connection opened without SQLite's own mutex, and one opened for inspection
        let db = try openWithTable()
        defer { db.close() }
        XCTAssertFalse(db.hasLibraryMutex)
        // When eight threads write, read and count through it at once
        let failures = NSLock()
        var errors: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<150 {
                do {
                    let qty = try db.transaction { () -> Int? in
                        try db.run("INSERT INTO item (name, qty) VALUES (?, ?)", [.text("t\(thread)-\(i)"), .int(Int64(i))])
                        return try db.queryOne("SELECT qty FROM item WHERE name = ?", [.text("t\(thread)-\(i)")])?.int("qty")
                    }
                    let names = try db.query("SELECT name, qty FROM item WHERE id > ? LIMIT 20", [.int(Int64(i))]) { $0.string(0) }
                    if qty != i || names.isEmpty {
                        failures.withLock { errors.append("thread \(thread) row \(i): \(String(describing: qty))") }
                    }
                } catch {
                    failures.withLock { errors.append("thread \(thread) row \(i): \(error)") }
                }
            }
        }
        XCTAssertEqual(errors, [])
        // Then every row is there once, and the file is sound
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM item"), .int(1200))
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT name) FROM item"), .int(1200))
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
        let copy = file("copy.sqlite")
        try db.backup(to: copy)
        let inspected = try SQLiteDatabase(inspecting: copy)
        defer { inspected.close() }
        XCTAssertFalse(inspected.hasLibraryMutex)
        XCTAssertEqual(try inspected.scalar("SELECT count(*) FROM item"), .int(1200))
    }

    func testATransactionWithoutSavepointsCommitsOnlyIfNoNestedTransactionThrew() throws {
        struct Refused: Error {}
        let db = try openWithTable()
        defer { db.close() }
        // Given nested transactions that all succeed
        try db.transactionWithoutSavepoints {
            try db.transaction { try db.run("INSERT INTO item (name) VALUES ('a')") }
            try db.transaction { try db.transaction { try db.run("INSERT INTO item (name) VALUES ('b')") } }
        }
        // Then everything committed
        XCTAssertEqual(try names(db), ["a", "b"])
        // When a nested transaction throws and the body catches it
        XCTAssertThrowsError(
            try db.transactionWithoutSavepoints {
                try db.run("INSERT INTO item (name) VALUES ('c')")
                _ = try? db.transaction {
                    try db.run("INSERT INTO item (name) VALUES ('d')")
                    throw Refused()
                }
            }
        ) { XCTAssertEqual($0 as? NestedTransactionFailed, NestedTransactionFailed()) }
        // Then the whole transaction was rolled back, and the next ones use savepoints again
        XCTAssertEqual(try names(db), ["a", "b"])
        XCTAssertFalse(db.isInTransaction)
        try db.transaction {
            try db.run("INSERT INTO item (name) VALUES ('e')")
            _ = try? db.transaction {
                try db.run("INSERT INTO item (name) VALUES ('f')")
                throw Refused()
            }
        }
        XCTAssertEqual(try names(db), ["a", "b", "e"])
    }
}
