import Foundation
import XCTest

@testable import HubStore

final class WriteBatcherTests: XCTestCase {
    var path = ""
    var db: SQLiteDatabase!

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "batcher-\(UUID().uuidString).sqlite"
        db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (v INTEGER UNIQUE)")
    }

    override func tearDown() {
        db.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func testConcurrentWritesShareCommitsAndEachIsDurableWhenAcknowledged() throws {
        // Given a batcher and many concurrent writers
        let batcher = WriteBatcher(db: db)
        defer { batcher.stop() }
        let lock = NSLock()
        var acknowledged: [Int] = []
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            let value = try! batcher.perform {
                try self.db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(i))])
                return i
            }
            // When a write is acknowledged, a second connection already sees it
            let other = try! SQLiteDatabase(path: self.path)
            XCTAssertEqual(try! other.scalar("SELECT count(*) FROM t WHERE v = ?", [.int(Int64(i))]).intValue, 1)
            other.close()
            lock.withLock { acknowledged.append(value) }
        }
        // Then every write landed once
        XCTAssertEqual(acknowledged.sorted(), Array(0..<400))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 400)
    }

    func testAFailingJobUndoesOnlyItsOwnWork() throws {
        let batcher = WriteBatcher(db: db)
        defer { batcher.stop() }
        // Given jobs queued together, one of which violates the unique constraint half-way
        try batcher.perform { try self.db.run("INSERT INTO t (v) VALUES (1)") }
        let group = DispatchGroup()
        var outcomes: [Int: Bool] = [:]
        let lock = NSLock()
        for i in 2...6 {
            group.enter()
            let job: () throws -> Void = {
                try self.db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(i * 10))])
                if i == 4 { try self.db.run("INSERT INTO t (v) VALUES (1)") }
            }
            batcher.submit(job) { result in
                lock.withLock { outcomes[i] = (try? result.get()) != nil }
                group.leave()
            }
        }
        group.wait()
        // Then only the failing job's rows are missing, and it alone reported failure
        XCTAssertEqual(outcomes, [2: true, 3: true, 4: false, 5: true, 6: true])
        let values = try db.query("SELECT v FROM t ORDER BY v").compactMap { $0.int("v") }
        XCTAssertEqual(values, [1, 20, 30, 50, 60])
    }

    func testStopFinishesQueuedWorkThenRefuses() throws {
        let batcher = WriteBatcher(db: db)
        let group = DispatchGroup()
        for i in 0..<50 {
            group.enter()
            let job: () throws -> Void = { try self.db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(i))]) }
            batcher.submit(job) { _ in group.leave() }
        }
        batcher.stop()
        group.wait()
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 50)
        XCTAssertThrowsError(try batcher.perform { 1 }) { XCTAssertEqual($0 as? WriteBatcherError, .stopped) }
    }
}
