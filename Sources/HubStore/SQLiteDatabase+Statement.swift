import CSQLite

/// Compiling, binding and reading statements.
extension SQLiteDatabase {
    /// Compiles exactly one statement; trailing text other than whitespace, `;` or comments is
    /// an error rather than silently ignored.
    func prepare(_ db: OpaquePointer, _ sql: String, persistent: Bool) throws -> OpaquePointer {
        try sql.withCString { start -> OpaquePointer in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
            let rc = sqlite3_prepare_v3(db, start, -1, flags, &statement, &tail)
            guard rc == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw StoreError.from(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)))
            }
            guard let statement else { throw StoreError.misuse("no statement in: \(sql)") }
            while let rest = tail, rest.pointee != 0 {
                var extra: OpaquePointer?
                var next: UnsafePointer<CChar>?
                let extraRC = sqlite3_prepare_v2(db, rest, -1, &extra, &next)
                sqlite3_finalize(extra)
                if extraRC != SQLITE_OK || extra != nil || next == rest {
                    sqlite3_finalize(statement)
                    throw StoreError.misuse("one statement expected (use execute for scripts): \(sql)")
                }
                tail = next
            }
            return statement
        }
    }

    func bind(_ args: [SQLValue], to statement: OpaquePointer, db: OpaquePointer, sql: String) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == args.count else {
            throw StoreError.sqlite(code: SQLITE_RANGE, message: "\(args.count) arguments for \(expected) parameters: \(sql)")
        }
        for (offset, value) in args.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null:
                rc = sqlite3_bind_null(statement, index)
            case .int(let v):
                rc = sqlite3_bind_int64(statement, index, v)
            case .double(let v):
                rc = sqlite3_bind_double(statement, index, v)
            case .text(let s):
                // An explicit byte length keeps embedded NULs; withCString never gives a null pointer,
                // so an empty string stays text rather than becoming NULL.
                rc = s.withCString {
                    sqlite3_bind_text64(statement, index, $0, UInt64(s.utf8.count), an_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            case .blob(let bytes):
                if bytes.isEmpty {
                    // A null data pointer would bind NULL; an empty blob must stay a blob.
                    rc = sqlite3_bind_zeroblob(statement, index, 0)
                } else {
                    rc = bytes.withUnsafeBytes {
                        sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), an_sqlite_transient())
                    }
                }
            }
            guard rc == SQLITE_OK else {
                throw StoreError.from(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)))
            }
        }
    }

    /// Steps to the end, collecting rows that share one column layout; `sql` is kept only to
    /// name a table in an error about a column.
    func rows(of statement: OpaquePointer, sql: String? = nil) throws -> [Row] {
        var result: [Row] = []
        var layout: RowLayout?
        var count: Int32 = 0
        while try step(statement) {
            if layout == nil {
                // Read after the first step: a schema change re-compiles the statement inside
                // sqlite3_step, and `SELECT *` may then have other columns.
                count = sqlite3_column_count(statement)
                if let sql, let kept = cache.layout(for: sql, statement) {
                    layout = kept
                } else {
                    let made = RowLayout(statement: statement, count: count, sql: sql)
                    if let sql { cache.keep(made, for: sql, statement) }
                    layout = made
                }
            }
            result.append(Row(layout: layout!, values: (0..<count).map { Self.value(statement, $0) }))
        }
        return result
    }

    static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .int(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            guard let data = sqlite3_column_blob(statement, column) else { return .blob([]) }
            let length = Int(sqlite3_column_bytes(statement, column))
            return .blob(Array(UnsafeRawBufferPointer(start: data, count: length)))
        default:
            return .null
        }
    }

    func lastError(code: Int32, statement: OpaquePointer) -> StoreError {
        guard let db = sqlite3_db_handle(statement) else { return .sqlite(code: code, message: "no connection") }
        return StoreError.from(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)))
    }
}
