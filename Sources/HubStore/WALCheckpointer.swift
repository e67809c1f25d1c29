import CSQLite
import Foundation

/// Takes a store's WAL checkpoints off its writer.
///
/// SQLite's automatic checkpoint runs inside the `COMMIT` that brings the WAL to 1,000
/// frames: the committing thread copies those pages into the database file and waits for two
/// `fdatasync`s, so the writer, and every write acknowledged after that commit, stalls for
/// milliseconds. Here the writer's commits only count frames (`sqlite3_wal_hook`): each time
/// the WAL has grown by `backgroundFrames`, this checkpointer's thread copies and syncs what
/// is committed, through a connection of its own (a `PASSIVE` checkpoint, which neither
/// waits for the writer nor stops it). A WAL starts again from its beginning only when a
/// writer finds every frame copied: when the writer pauses, its next transaction does so
/// with no checkpoint of its own. Under steady writes, once the WAL holds `limitFrames` a
/// commit checkpoints inline, as SQLite would have, but only when no more than
/// `inlineFrames` are left to copy (until then the background thread catches up), or at
/// `hardLimitFrames` whatever is left. Durability does not change: every frame is in the WAL
/// (`synchronous=NORMAL`, as before) before the database file is written from it, and a
/// checkpoint syncs the WAL before it copies anything.
final class WALCheckpointer: @unchecked Sendable {
    struct Policy: Sendable, Equatable {
        /// WAL frames committed between two background checkpoints below `limitFrames`.
        var backgroundFrames: Int32
        /// From this many frames in the WAL, commits try to let it start again.
        var limitFrames: Int32
        /// Past the limit, a commit checkpoints inline once at most this many frames are left
        /// to copy; until then the background thread catches up.
        var inlineFrames: Int32
        /// A commit that brings the WAL here checkpoints inline whatever is left (a
        /// background thread that cannot keep up must not let the WAL grow without end).
        var hardLimitFrames: Int32

        /// A background checkpoint every 1,000 frames (4 MB, where SQLite's own automatic
        /// checkpoint is), and the WAL starts again from 4,000 (16 MB); the hard limit lets it
        /// reach 32 MB while the checkpointer catches up. Each checkpoint syncs the WAL and the
        /// database file and copies a page once however many of its frames it finds: every 250
        /// frames, with the limit at 1,000, the checkpointer took about a third more CPU a
        /// written idea (bench/RESULTS.md, issue 29's fourteenth pass).
        static let standard = Policy(backgroundFrames: 1000, limitFrames: 4000, inlineFrames: 100, hardLimitFrames: 8000)
    }

    struct Counts: Sendable, Equatable {
        /// Background checkpoints that ran (whatever they found to copy).
        var background = 0
        /// Checkpoints a commit ran inline past the limit, and how many of those had more
        /// than `inlineFrames` left to copy (at the hard limit).
        var inline = 0
        var inlineAtHardLimit = 0
        /// The WAL's size in frames after the latest commit.
        var lastFrames: Int32 = 0
        /// The most frames the WAL held after a commit.
        var mostFrames: Int32 = 0
        /// Frames of the current WAL known to be copied into the database file.
        var backfilled: Int32 = 0
        /// Whether a checkpoint is running or asked for (on either side); set by `snapshot`.
        var checkpointing = false
    }

    let policy: Policy
    private let condition = NSCondition()
    private var connection: OpaquePointer?
    private var requested = false
    /// A checkpoint is running, on either side: they take turns.
    private var checkpointing = false
    private var stopping = false
    private var counts = Counts()
    /// Counts the times the WAL started again; a background result from an earlier WAL says
    /// nothing of this one.
    private var generation = 0
    /// Frames in the WAL when the background thread was last asked to run.
    private var framesAtRequest: Int32 = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Opens the checkpointer's own connection to `path` and starts its thread.
    init(path: String, policy: Policy) throws {
        precondition(
            policy.backgroundFrames > 0 && policy.limitFrames >= policy.backgroundFrames
                && policy.inlineFrames > 0 && policy.hardLimitFrames >= policy.limitFrames)
        self.policy = policy
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READWRITE, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw StoreError.from(code: rc, message: "cannot open \(path) to checkpoint it: \(message)")
        }
        // This connection never writes a row; closing it must not checkpoint or delete the
        // WAL under the writer's connection (the writer's own close does both, last).
        an_sqlite_no_checkpoint_on_close(db)
        // A connection opens the WAL at its first read: until then a checkpoint through it
        // finds no WAL and copies nothing.
        let read = sqlite3_exec(db, "PRAGMA schema_version", nil, nil, nil)
        guard read == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
            throw StoreError.from(code: read, message: "cannot read \(path) to checkpoint it: \(message)")
        }
        connection = db
        Thread.named("wal-checkpointer") { [self] in loop() }.start()
    }

    var snapshot: Counts {
        condition.withLock {
            var copy = counts
            copy.checkpointing = checkpointing || requested
            return copy
        }
    }

    /// Called by the writer's connection after each commit, on the writer's thread, with the
    /// number of frames now in the WAL. Returns SQLite's result of an inline checkpoint.
    func committed(frames: Int32, writer: OpaquePointer) -> Int32 {
        condition.lock()
        if frames < counts.lastFrames {  // the WAL started again
            generation += 1
            counts.backfilled = 0
            framesAtRequest = 0
        }
        counts.lastFrames = frames
        counts.mostFrames = max(counts.mostFrames, frames)
        let left = frames - counts.backfilled
        if frames >= policy.limitFrames && (left <= policy.inlineFrames || frames >= policy.hardLimitFrames) {
            // After the background checkpoint under way, if there is one: what it copies and
            // syncs is left out of this one.
            while checkpointing { condition.wait() }
            checkpointing = true
            condition.unlock()
            let rc = sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            condition.withLock {
                checkpointing = false
                counts.inline += 1
                if frames - counts.backfilled > policy.inlineFrames { counts.inlineAtHardLimit += 1 }
                condition.broadcast()
            }
            return rc
        }
        if frames >= policy.limitFrames || frames - framesAtRequest >= policy.backgroundFrames {
            framesAtRequest = frames
            requested = true
            condition.broadcast()
        }
        condition.unlock()
        return SQLITE_OK
    }

    /// Stops the thread after the checkpoint it is running, and closes its connection.
    /// Idempotent.
    func stop() {
        condition.lock()
        let wait = !stopping
        stopping = true
        condition.broadcast()
        condition.unlock()
        if wait { finished.wait() }
    }

    private func loop() {
        while true {
            condition.lock()
            while (!requested || checkpointing) && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                sqlite3_close_v2(connection)
                connection = nil
                finished.signal()
                return
            }
            requested = false
            checkpointing = true
            let started = generation
            condition.unlock()
            // PASSIVE: copies the committed frames no reader still needs, without waiting for
            // the writer, which goes on appending frames meanwhile.
            var copied: Int32 = 0
            let rc = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, &copied)
            condition.withLock {
                checkpointing = false
                counts.background += 1
                if rc == SQLITE_OK && started == generation { counts.backfilled = max(counts.backfilled, copied) }
                condition.broadcast()
            }
        }
    }
}

/// The writer connection's WAL hook: `context` is its `WALCheckpointer`, unretained (the
/// database holds it, and removes the hook before releasing it).
let walCheckpointHook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
    context, db, _, frames in
    guard let context, let db else { return SQLITE_OK }
    return Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(frames: frames, writer: db)
}
