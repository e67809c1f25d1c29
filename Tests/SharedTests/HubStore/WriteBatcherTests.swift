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

    /// Queues `jobs` behind a job that holds the writer, so they run as one batch.
    private func runAsOneBatch(_ batcher: WriteBatcher, _ jobs: [() throws -> Void]) -> [Bool] {
        let hold = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let holdTheWriter: () -> Void = {
            holding.signal()
            hold.wait()
        }
        batcher.submit(holdTheWriter, completion: { _ in })
        holding.wait()
        let group = DispatchGroup()
        var outcomes = [Bool](repeating: false, count: jobs.count)
        let lock = NSLock()
        for (index, job) in jobs.enumerated() {
            group.enter()
            batcher.submit(job) { result in
                lock.withLock { outcomes[index] = (try? result.get()) != nil }
                group.leave()
            }
        }
        hold.signal()
        group.wait()
        return outcomes
    }

    func testABatchWithoutFailuresRunsEachJobOnceWithoutASavepoint() throws {
        let batcher = WriteBatcher(db: db)
        defer { batcher.stop() }
        var runs = [Int](repeating: 0, count: 8)
        var depths: Set<Int> = []
        // Given eight jobs queued together, each with a nested transaction as stores write
        let outcomes = runAsOneBatch(
            batcher,
            (0..<8).map { i in
                {
                    runs[i] += 1
                    depths.insert(self.db.transactionDepth)
                    try self.db.transaction { try self.db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(100 + i))]) }
                }
            })
        // Then each ran once, directly in the batch's transaction (depth 1, no savepoint of its own)
        XCTAssertEqual(outcomes, Array(repeating: true, count: 8))
        XCTAssertEqual(runs, Array(repeating: 1, count: 8))
        XCTAssertEqual(depths, [1])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 8)
    }

    func testAFailingJobMakesItsBatchRunAgainWithASavepointPerJob() throws {
        struct Refused: Error {}
        let batcher = WriteBatcher(db: db)
        defer { batcher.stop() }
        var runs = [Int](repeating: 0, count: 5)
        // Given five jobs queued together, the third of which fails after writing, and the
        // fourth of which catches the failure of a nested transaction of its own
        let outcomes = runAsOneBatch(
            batcher,
            (0..<5).map { i in
                {
                    runs[i] += 1
                    try self.db.run("INSERT INTO t (v) VALUES (?)", [.int(Int64(200 + i))])
                    if i == 2 { throw Refused() }
                    if i == 3 {
                        _ = try? self.db.transaction {
                            try self.db.run("INSERT INTO t (v) VALUES (999)")
                            throw Refused()
                        }
                    }
                }
            })
        // Then the first attempt stopped at the third job and the batch ran again job by job:
        // only the third failed, and only its row and the caught nested row are missing
        XCTAssertEqual(outcomes, [true, true, false, true, true])
        XCTAssertEqual(runs, [2, 2, 2, 1, 1])
        let values = try db.query("SELECT v FROM t ORDER BY v").compactMap { $0.int("v") }
        XCTAssertEqual(values, [200, 201, 203, 204])
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
