import CSQLite
import Foundation

/// The SQLite ceiling of an acknowledged write: the rows the hub wrote, inserted again into an
/// empty database of the same schema through SQLite's C API, each statement prepared once and
/// bound per row, batched as the hub batches: a transaction per `batch` requests,
/// `beforeCommit` run once per transaction, and with `savepoints` one savepoint per request
/// (how a batch runs again when one of its jobs failed; the first attempt opens none).
/// Without `checkpoints`, SQLite's automatic checkpoint is off and the WAL grows through the
/// run: the insert work alone, with no page copied into the database file or synced.
///
/// The target database holds the schema. `setup` (not timed) runs first with the hub's
/// database attached as `src`; `plan` then yields one row per statement, in order:
/// `(request INTEGER, sql TEXT, args TEXT)` where `args` is a JSON array of the values to bind.
/// Prints the requests replayed per second.
enum SQLiteCeiling {
    struct Step {
        let request: Int64
        let sql: String
        let args: [Any]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(
        target: String, source: String, batch: Int, savepoints: Bool, checkpoints: Bool = true, setup: String, plan: String,
        beforeCommit: String
    ) throws {
        var db: OpaquePointer?
        guard sqlite3_open(target, &db) == SQLITE_OK, let db else { throw Failure(description: "cannot open \(target)") }
        defer { sqlite3_close(db) }
        try exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF; PRAGMA temp_store=MEMORY;")
        if !checkpoints { try exec(db, "PRAGMA wal_autocheckpoint=0;") }
        try exec(db, "PRAGMA cache_size=-32768; ATTACH DATABASE '\(source.replacingOccurrences(of: "'", with: "''"))' AS src;")
        if !setup.isEmpty { try exec(db, setup) }
        let steps = try read(db, plan)
        var statements: [String: OpaquePointer] = [:]
        defer { for statement in statements.values { sqlite3_finalize(statement) } }
        for step in steps where statements[step.sql] == nil {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(db, step.sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
                let statement
            else { throw Failure(description: "\(step.sql): \(String(cString: sqlite3_errmsg(db)))") }
            statements[step.sql] = statement
        }
        let requests = Set(steps.map(\.request)).count
        let start = DispatchTime.now().uptimeNanoseconds
        var inBatch = 0
        var previous: Int64?
        for step in steps {
            if step.request != previous {
                if previous != nil && savepoints { try exec(db, "RELEASE sp;") }
                if inBatch == batch {
                    try commit(db, beforeCommit)
                    inBatch = 0
                }
                if inBatch == 0 { try exec(db, "BEGIN IMMEDIATE;") }
                if savepoints { try exec(db, "SAVEPOINT sp;") }
                inBatch += 1
                previous = step.request
            }
            let statement = statements[step.sql]!
            for (offset, value) in step.args.enumerated() {
                let index = Int32(offset + 1)
                // Plans bind integers, text and null only.
                switch value {
                case let text as String: sqlite3_bind_text(statement, index, text, -1, an_sqlite_transient())
                case let number as NSNumber: sqlite3_bind_int64(statement, index, number.int64Value)
                default: sqlite3_bind_null(statement, index)
                }
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: "\(step.sql): \(String(cString: sqlite3_errmsg(db)))")
            }
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        if previous != nil {
            if savepoints { try exec(db, "RELEASE sp;") }
            try commit(db, beforeCommit)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(Int(Double(requests) / seconds))
    }

    private static func commit(_ db: OpaquePointer, _ beforeCommit: String) throws {
        if !beforeCommit.isEmpty { try exec(db, beforeCommit) }
        try exec(db, "COMMIT;")
    }

    private static func exec(_ db: OpaquePointer, _ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &error) == SQLITE_OK else {
            defer { sqlite3_free(error) }
            throw Failure(description: "\(sql): \(error.map { String(cString: $0) } ?? "error")")
        }
    }

    private static func read(_ db: OpaquePointer, _ plan: String) throws -> [Step] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, plan, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "plan: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var steps: [Step] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let args = sqlite3_column_text(statement, 2).map { String(cString: $0) } ?? "[]"
            guard let values = try JSONSerialization.jsonObject(with: Data(args.utf8), options: [.fragmentsAllowed]) as? [Any] else {
                throw Failure(description: "plan: args are not a JSON array: \(args)")
            }
            steps.append(
                Step(request: sqlite3_column_int64(statement, 0), sql: String(cString: sqlite3_column_text(statement, 1)), args: values))
        }
        return steps
    }
}
