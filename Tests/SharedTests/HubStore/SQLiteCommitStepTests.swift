import Foundation
import XCTest

@testable import HubStore

/// `SQLiteDatabase.addCommitStep`: work run once per outermost transaction, inside it, before
/// its COMMIT, never per savepoint.
final class SQLiteCommitStepTests: XCTestCase {
    var path = ""
    var db: SQLiteDatabase!

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "commit-step-\(UUID().uuidString).sqlite"
        db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (v INTEGER); CREATE TABLE steps (n INTEGER)")
    }

    override func tearDown() {
        db.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func testTheStepRunsOncePerCommitAfterTheSavepointsAndItsWorkCommitsWithThem() throws {
        // Given a step that records how many rows the transaction holds
        var runs = 0
        let db = try XCTUnwrap(self.db)
        db.addCommitStep { [unowned db] in
            runs += 1
            try db.run("INSERT INTO steps (n) SELECT count(*) FROM t")
        }
        // When one transaction runs three savepoints, one of them rolled back
        struct Undone: Error {}
        try db.transaction {
            for v in 1...3 {
                try? db.transaction {
                    try db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(v))])
                    if v == 2 { throw Undone() }
                }
            }
        }
        // Then the step ran once, after the savepoints, and its row committed
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(try db.query("SELECT n FROM steps").compactMap { $0.int("n") }, [2])
    }

    func testAStepThatThrowsRollsTheWholeTransactionBack() throws {
        struct Refused: Error {}
        db.addCommitStep { throw Refused() }
        // When a transaction's step fails
        XCTAssertThrowsError(try db.transaction { try db.run("INSERT INTO t (v) VALUES (1)") })
        // Then nothing of it is left and the connection is usable
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 0)
        XCTAssertFalse(db.isInTransaction)
    }
}
