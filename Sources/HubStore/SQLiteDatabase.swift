import CSQLite
import Foundation

/// One SQLite connection, owned by one daemon, which is the only process opening its file.
///
/// Use it from one thread at a time. Every call takes an internal recursive lock (held for the
/// whole of a `transaction`), so misuse from several threads is serialized rather than
/// memory-unsafe; but `changes` and `lastInsertRowID` read after another thread's statement
/// would describe that statement. Since that lock already serializes every use of the
/// connection, SQLite's own per-connection mutex is left out (`SQLITE_OPEN_NOMUTEX`): in
/// serialized mode it was taken and released on every bind, step and column read, about 60
/// times for one chat message (bench/RESULTS.md, issue 29's fifth pass).
public final class SQLiteDatabase: @unchecked Sendable {
    /// The path the database was opened with.
    public let path: String

    private let lock = NSRecursiveLock()
    private var handle: OpaquePointer?
    /// Counters fed by the update hook, by the name of each table they watch; guarded by the
    /// connection lock.
    var watchedTables: [WatchedTable] = []
    /// Prepared statements and their result layouts; used under the lock only.
    let cache: StatementCache
    /// Depth of `transaction` calls on the stack; above 0 a nested call uses a savepoint.
    var transactionDepth = 0
    /// Inside `transactionWithoutSavepoints`: nested transactions open no savepoint, and
    /// one whose body throws marks the whole transaction for rollback.
    var savepointsElided = false
    var elidedBodyFailed = false
    /// Work every outermost transaction runs just before its COMMIT (`addCommitStep`).
    var commitSteps: [() throws -> Void] = []
    /// Takes WAL checkpoints off this connection's commits, once started.
    private(set) var checkpointer: WALCheckpointer?
    /// How many statements were compiled; lets tests see that the cache is used.
    private(set) var preparedStatementCount = 0

    /// Process-wide settings, applied once before the first connection opens: memory
    /// statistics off, so an allocation inside SQLite takes no global mutex (every row written
    /// makes hundreds), and SQLite's page cache wrapped so that a commit does not walk the
    /// whole cache for pages past the database's end when there are none
    /// (`PageCacheTruncation`); and a file system that writes a commit's WAL frames in one call
    /// (`CoalescedWALWrites`). Refused (and harmless) if the library was initialized before.
    static let libraryConfigured: Bool = {
        let memoryStatistics = an_sqlite_disable_memstatus()
        let pageCache = PageCacheTruncation.install()
        let walWrites = CoalescedWALWrites.install()
        return memoryStatistics == SQLITE_OK && pageCache == SQLITE_OK && walWrites == SQLITE_OK
    }()

    /// Opens (creating if needed) the database in WAL mode with `synchronous=NORMAL` and
    /// foreign keys enforced. A write that finds the database locked retries for
    /// `busyTimeoutMilliseconds` before failing with `.busy`.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000, statementCacheCapacity: Int = 128) throws {
        self.path = path
        cache = StatementCache(capacity: statementCacheCapacity)
        _ = SQLiteDatabase.libraryConfigured
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw StoreError.from(code: rc, message: "cannot open \(path): \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        do {
            let defined = KeyHash64.register(on: db)
            guard defined == SQLITE_OK else {
                throw StoreError.from(code: defined, message: "cannot define \(KeyHash64.sqlName): \(String(cString: sqlite3_errmsg(db)))")
            }
            let mode =
                try withStatement("PRAGMA journal_mode=WAL", [], cached: false) { try rows(of: $0) }
                .first?.string(0)?.lowercased() ?? ""
            // In-memory and temporary databases answer "memory"; a file must really be in WAL.
            if isFileDatabase(db), mode != "wal" {
                throw StoreError.sqlite(code: SQLITE_ERROR, message: "journal_mode is '\(mode)', expected 'wal'")
            }
            // Statement journals and sorts in memory: a temporary file per write transaction
            // would cost an open and an unlink each. 32 MiB of page cache per connection.
            try execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY; PRAGMA cache_size=-32768;")
        } catch {
            close()
            throw error
        }
    }

    /// Opens a file that nothing writes (a backup being checked) read-only and immutable, so
    /// that checking it changes no byte of it and leaves no -wal or -shm file beside it.
    public init(inspecting path: String) throws {
        self.path = path
        cache = StatementCache(capacity: 8)
        var db: OpaquePointer?
        let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        let rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw StoreError.from(code: rc, message: "cannot open \(path): \(message)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// Finalizes cached statements and closes the connection. Safe to call twice; any later
    /// use throws `.closed`.
    public func close() {
        locked {
            guard let db = handle else { return }
            // Its thread first, so this close is the file's last and checkpoints as before.
            checkpointer?.stop()
            sqlite3_wal_hook(db, nil, nil)
            checkpointer = nil
            cache.removeAll()
            sqlite3_update_hook(db, nil, nil)
            sqlite3_close_v2(db)
            handle = nil
        }
    }

    public var isClosed: Bool { locked { handle == nil } }

    /// Installs the hook feeding `watchedTables`; call with the lock held.
    func installUpdateHook() {
        guard let db = handle else { return }
        sqlite3_update_hook(db, sqliteUpdateHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Moves the WAL checkpoints of this connection's commits to a thread of their own
    /// (`WALCheckpointer`): a commit no longer waits for pages to be copied into the database
    /// file and synced, except at the policy's limit, where little is left to copy. For a file
    /// database opened by its writer; does nothing for one in memory, or when already started.
    func checkpointInBackground(_ policy: WALCheckpointer.Policy = .standard) throws {
        try locked {
            guard let db = handle else { throw StoreError.closed }
            guard checkpointer == nil, isFileDatabase(db) else { return }
            let started = try WALCheckpointer(path: path, policy: policy)
            checkpointer = started
            // Replaces SQLite's automatic checkpoint, which is itself a WAL hook.
            sqlite3_wal_hook(db, walCheckpointHook, Unmanaged.passUnretained(started).toOpaque())
        }
    }

    /// Runs a script of one or more statements without arguments (schema, pragmas).
    /// Do not put BEGIN/COMMIT in it: use `transaction`.
    public func execute(_ sql: String) throws {
        try locked {
            guard let db = handle else { throw StoreError.closed }
            var error: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(db, sql, nil, nil, &error)
            defer { sqlite3_free(error) }
            guard rc == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
                throw StoreError.from(code: sqlite3_extended_errcode(db), message: message)
            }
        }
    }

    /// Runs one statement with `?` arguments; read `changes` or `lastInsertRowID` afterwards.
    public func run(_ sql: String, _ args: [SQLValue] = []) throws {
        try withStatement(sql, args) { statement in
            while try step(statement) {}
        }
    }

    /// Runs one statement with `?` arguments and returns how many rows it inserted, updated
    /// or deleted, read under the same lock so another thread's statement cannot come between.
    @discardableResult
    public func runCounting(_ sql: String, _ args: [SQLValue] = []) throws -> Int {
        try withStatement(sql, args) { statement in
            while try step(statement) {}
            return Int(sqlite3_changes(sqlite3_db_handle(statement)))
        }
    }

    /// `?, ?, …` for an `IN (…)` list of `count` values; `NULL` for none, which matches nothing.
    public static func placeholders(_ count: Int) -> String {
        count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// Runs one statement and returns every row.
    public func query(_ sql: String, _ args: [SQLValue] = []) throws -> [Row] {
        try withStatement(sql, args) { try rows(of: $0, sql: sql) }
    }

    /// The first row, or nil. Add `LIMIT 1` when more rows could match: all are read.
    public func queryOne(_ sql: String, _ args: [SQLValue] = []) throws -> Row? {
        try query(sql, args).first
    }

    /// The first column of the first row; `.null` when there is no row.
    public func scalar(_ sql: String, _ args: [SQLValue] = []) throws -> SQLValue {
        try queryOne(sql, args)?[0] ?? .null
    }

    /// Whether SQLite guards this connection with a mutex of its own (serialized mode); it
    /// does not, the connection lock serializing every call instead.
    var hasLibraryMutex: Bool { locked { handle.map { sqlite3_db_mutex($0) != nil } ?? false } }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { locked { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 } }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { locked { handle.map { Int(sqlite3_changes($0)) } ?? 0 } }

    /// Grows with every row this connection inserts, updates or deletes (rolled back ones
    /// too). Since the owning daemon is the file's only writer, an unchanged value means
    /// unchanged data: the key of `GenerationCache`.
    public var changeGeneration: Int64 { locked { handle.map { sqlite3_total_changes64($0) } ?? -1 } }

    /// True inside a transaction (ours or one begun by hand).
    public var isInTransaction: Bool { locked { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false } }

    /// The current journal mode, `wal` for a file database opened here.
    public func journalMode() throws -> String {
        try scalar("PRAGMA journal_mode").stringValue ?? ""
    }

    /// The rows of `PRAGMA integrity_check`: `["ok"]` for a sound database.
    public func integrityCheck() throws -> [String] {
        try withStatement("PRAGMA integrity_check", [], cached: false) { try rows(of: $0) }.compactMap { $0.string(0) }
    }

    /// Writes a consistent copy of the database to a new file while it stays in use
    /// (`VACUUM INTO`), mode 0600. Refuses to overwrite an existing file or to write through a
    /// symbolic link; not allowed inside a transaction.
    public func backup(to target: String) throws {
        try locked {
            guard handle != nil else { throw StoreError.closed }
            // VACUUM INTO accepts an empty file: made here, the copy is private whatever the umask.
            let fd = Foundation.open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                if errno == EEXIST { throw StoreError.backupTargetExists(target) }
                throw StoreError.sqlite(code: SQLITE_CANTOPEN, message: "cannot create \(target): errno \(errno)")
            }
            Foundation.close(fd)
            do {
                try withStatement("VACUUM INTO ?", [.text(target)], cached: false) { statement in
                    while try step(statement) {}
                }
            } catch {
                unlink(target)
                throw error
            }
        }
    }

    /// Number of statements held by the cache.
    var cachedStatementCount: Int { locked { cache.count } }

    /// How many times the cached statement of `sql` has run (`SQLITE_STMTSTATUS_RUN`); 0 for
    /// a statement not cached, so never run: for tests asking whether a statement was needed.
    func timesRun(_ sql: String) -> Int {
        locked { cache.lookup(sql).map { Int(sqlite3_stmt_status($0, SQLITE_STMTSTATUS_RUN, 0)) } ?? 0 }
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` on a prepared, bound statement, then resets it and clears its bindings, so
    /// a cached statement never holds a read snapshot open (which would stall WAL checkpoints).
    func withStatement<T>(
        _ sql: String, _ args: [SQLValue], cached: Bool = true,
        _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        try locked {
            guard let db = handle else { throw StoreError.closed }
            var statement: OpaquePointer
            var owned = true
            if cached, let hit = cache.lookup(sql) {
                statement = hit
                owned = false
            } else {
                statement = try prepare(db, sql, persistent: cached)
                preparedStatementCount += 1
                if cached { owned = !cache.insert(sql, statement) }
            }
            defer {
                if owned {
                    sqlite3_finalize(statement)
                } else {
                    sqlite3_reset(statement)
                    sqlite3_clear_bindings(statement)
                }
            }
            try bind(args, to: statement, db: db, sql: sql)
            return try body(statement)
        }
    }

    /// One step: true while a row is ready.
    func step(_ statement: OpaquePointer) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw lastError(code: rc, statement: statement)
        }
    }

    private func isFileDatabase(_ db: OpaquePointer) -> Bool {
        guard let name = sqlite3_db_filename(db, "main") else { return false }
        return name.pointee != 0
    }
}
