import CSQLite
import Foundation
import XCTest

@testable import HubStore

final class WALCheckpointerTests: XCTestCase {
    var path = ""
    var db: SQLiteDatabase!
    /// A row of this many bytes fills most of a 4,096-byte page: a commit of one adds two or
    /// three WAL frames (the row's page and the pages above it).
    let rowBytes = 3_000

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "checkpointer-\(UUID().uuidString).sqlite"
        db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
    }

    override func tearDown() {
        db.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private func size(_ file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private func insert(_ id: Int) throws {
        try db.run("INSERT INTO t (id, v) VALUES (?, zeroblob(?))", [.int(Int64(id)), .int(Int64(rowBytes))])
    }

    private func waitUntil(_ what: String, deadline seconds: Double = 10, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(2_000) }
        XCTAssertTrue(condition(), "timed out waiting until \(what): \(db.checkpointer?.snapshot as Any)")
    }

    func testCommitsBelowTheLimitAreCopiedIntoTheFileByTheCheckpointerNotByTheWriter() throws {
        // Given a connection whose checkpoints run in the background every 20 frames, inline at 200
        try db.checkpointInBackground(.init(backgroundFrames: 20, limitFrames: 200, inlineFrames: 10, hardLimitFrames: 800))
        let checkpointer = try XCTUnwrap(db.checkpointer)
        let fileBefore = size(path)
        // When commits add about a hundred frames, far below the limit (and below SQLite's own
        // automatic checkpoint at 1,000)
        var id = 0
        while checkpointer.snapshot.lastFrames < 100 {
            id += 1
            try insert(id)
            XCTAssertLessThan(id, 1_000, "the commits never reported their frames")
            if id >= 1_000 { return }
        }
        // Then no commit checkpointed, and the checkpointer's thread copied pages into the file
        XCTAssertEqual(checkpointer.snapshot.inline, 0)
        waitUntil("the background checkpoint wrote the database file") {
            checkpointer.snapshot.background >= 1 && size(path) >= fileBefore + 20 * 4_096
        }
        // And a new connection reads every row
        let other = try SQLiteDatabase(path: path)
        defer { other.close() }
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM t").intValue, id)
    }

    func testOnceTheBackgroundHasCopiedEveryFrameTheNextTransactionStartsTheWALAgainWithNoInlineCheckpoint() throws {
        try db.checkpointInBackground(.init(backgroundFrames: 20, limitFrames: 200, inlineFrames: 30, hardLimitFrames: 100_000))
        let checkpointer = try XCTUnwrap(db.checkpointer)
        // Given commits that brought the WAL to a hundred frames, then a pause in which the
        // checkpointer copied every one of them
        var id = 0
        while checkpointer.snapshot.lastFrames < 100 {
            id += 1
            try insert(id)
        }
        // (a run is asked for every 20 frames: the last commits may wait for a few more)
        for _ in 0..<20 {
            waitUntil("the background checkpoint is idle") { !checkpointer.snapshot.checkpointing }
            if checkpointer.snapshot.backfilled >= checkpointer.snapshot.lastFrames { break }
            id += 1
            try insert(id)
        }
        XCTAssertGreaterThanOrEqual(checkpointer.snapshot.backfilled, checkpointer.snapshot.lastFrames)
        // When the next commit comes
        id += 1
        try insert(id)
        // Then it wrote at the start of the WAL again, without checkpointing itself
        let counts = checkpointer.snapshot
        XCTAssertLessThan(counts.lastFrames, 20, "\(counts)")
        XCTAssertEqual(counts.inline, 0)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, id)
    }

    func testUnderSteadyCommitsTheWALStartsAgainAndStaysUnderItsHardLimit() throws {
        try db.checkpointInBackground(.init(backgroundFrames: 20, limitFrames: 200, inlineFrames: 30, hardLimitFrames: 400))
        let checkpointer = try XCTUnwrap(db.checkpointer)
        // When 1,500 commits write some 4,000 frames as fast as they can (SQLite's automatic
        // checkpoint alone lets the WAL reach 1,000 frames, about 4 MB)
        for id in 1...1_500 { try insert(id) }
        // Then the WAL started again each time it passed the limit: it never held much more
        // than the hard limit, and its file was reused from its start rather than grown
        let counts = checkpointer.snapshot
        XCTAssertGreaterThanOrEqual(counts.inline, 2)
        XCTAssertGreaterThanOrEqual(counts.background, 1)
        XCTAssertLessThan(counts.mostFrames, 400 + 10, "\(counts)")
        let frameBytes = 4_096 + 24
        XCTAssertLessThan(size(path + "-wal"), 410 * frameBytes, "\(counts)")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 1_500)
    }

    func testWhileAReaderKeepsAnOldSnapshotOnlyTheHardLimitCheckpointsInlineAndTheWALStartsAgainAfterIt() throws {
        try db.checkpointInBackground(.init(backgroundFrames: 20, limitFrames: 100, inlineFrames: 10, hardLimitFrames: 200))
        let checkpointer = try XCTUnwrap(db.checkpointer)
        try insert(1)
        // Given a reader whose transaction keeps the database as it was after the first row, so
        // no checkpoint may copy a later frame into the file
        let reader = try SQLiteDatabase(path: path)
        defer { reader.close() }
        try reader.execute("BEGIN")
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t").intValue, 1)
        // When commits take the WAL past its limit, then past its hard limit
        var id = 1
        func insertUntil(frames: Int32) throws {
            while checkpointer.snapshot.lastFrames < frames && id < 2_000 {
                id += 1
                try insert(id)
            }
            XCTAssertLessThan(id, 2_000, "the commits never reported \(frames) frames")
        }
        try insertUntil(frames: 150)
        // Then between the two no commit checkpointed: more than 10 frames were left to copy
        XCTAssertEqual(checkpointer.snapshot.inline, 0, "\(checkpointer.snapshot)")
        // And past the hard limit commits checkpoint inline regardless, the reader still
        // reading its snapshot
        try insertUntil(frames: 220)
        XCTAssertGreaterThanOrEqual(checkpointer.snapshot.inlineAtHardLimit, 1)
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t").intValue, 1)
        // And once the reader is done, the next commits bring the WAL back to its start
        try reader.execute("COMMIT")
        for _ in 0..<3 {
            id += 1
            try insert(id)
        }
        XCTAssertLessThan(checkpointer.snapshot.lastFrames, 100, "\(checkpointer.snapshot)")
        XCTAssertEqual(try reader.scalar("SELECT count(*) FROM t").intValue, id)
    }

    func testConcurrentBatchedWritersLoseNothingAndTheFileStaysSound() throws {
        // Given group commits from many threads while the checkpointer copies pages beside them
        try db.checkpointInBackground(.init(backgroundFrames: 16, limitFrames: 64, inlineFrames: 16, hardLimitFrames: 256))
        let batcher = WriteBatcher(db: db)
        DispatchQueue.concurrentPerform(iterations: 800) { id in
            try! batcher.perform { try self.insert(id + 1) }
        }
        batcher.stop()
        XCTAssertGreaterThanOrEqual(db.checkpointer?.snapshot.background ?? 0, 1)
        // When the store closes and opens again
        db.close()
        db = try SQLiteDatabase(path: path)
        // Then every acknowledged row is there, once, in a sound file
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT id) FROM t").intValue, 800)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }

    func testClosingStopsTheCheckpointerFirstSoTheLastCloseCheckpointsAndRemovesTheWAL() throws {
        try db.checkpointInBackground(.init(backgroundFrames: 20, limitFrames: 200, inlineFrames: 10, hardLimitFrames: 800))
        for id in 1...100 { try insert(id) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
        // When the writer's connection closes
        db.close()
        // Then it was the file's last connection: the WAL was copied in and deleted, as without
        // a checkpointer (its connection, still open, would have kept the WAL in place)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        XCTAssertNil(db.checkpointer)
        db = try SQLiteDatabase(path: path)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t").intValue, 100)
    }

    func testWithoutACheckpointerTheWriterCheckpointsInlineAtSQLitesThousandFrames() throws {
        // The behaviour the checkpointer replaces: nothing reaches the file below 1,000 frames
        let fileBefore = size(path)
        for id in 1...100 { try insert(id) }
        XCTAssertEqual(size(path), fileBefore)
    }

    func testAStoreOpenedForADaemonChecksInTheBackgroundAndOneInMemoryDoesNot() throws {
        let opened = try StoreOpener.open(path: path + "-opened.sqlite", migrations: [], logger: nil)
        defer {
            opened.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + "-opened.sqlite" + suffix) }
        }
        XCTAssertEqual(opened.checkpointer?.policy, .standard)
        // Copied into the file every 1,000 frames (4 MB), the WAL starting again from 4,000 (16 MB),
        // 8,000 (32 MB) at most: the bounds the README gives operators
        let standard = WALCheckpointer.Policy.standard
        XCTAssertEqual(standard.backgroundFrames, 1_000)
        XCTAssertEqual(standard.limitFrames, 4_000)
        XCTAssertEqual(standard.hardLimitFrames, 8_000)
        let memory = try StoreOpener.open(path: ":memory:", migrations: [], logger: nil)
        defer { memory.close() }
        XCTAssertNil(memory.checkpointer)
    }
}
