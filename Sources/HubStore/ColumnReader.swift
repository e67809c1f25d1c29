import CSQLite

/// The row a statement is on, read by position as it is stepped, without building a `Row`
/// (an array of values and the column names) for it: for queries that read thousands of rows
/// a second into their own types. Valid only inside the closure it is given to. Accessors
/// answer as `Row`'s do: the optional ones nil for NULL, for a position out of range and for
/// a value of another storage class; the throwing ones `StoreError.column` naming the table
/// and column.
public struct ColumnReader {
    let statement: OpaquePointer
    /// Columns of the result.
    public let count: Int

    /// The value at a position, `.null` when out of range.
    public subscript(_ index: Int) -> SQLValue {
        index >= 0 && index < count ? SQLiteDatabase.value(statement, Int32(index)) : .null
    }

    public func string(_ index: Int) -> String? { self[index].stringValue }
    public func int(_ index: Int) -> Int? { self[index].intValue }
    public func int64(_ index: Int) -> Int64? { self[index].int64Value }
    public func double(_ index: Int) -> Double? { self[index].doubleValue }

    public func text(_ index: Int) throws -> String { try required(index, "text") { $0.stringValue } }
    public func integer(_ index: Int) throws -> Int64 { try required(index, "integer") { $0.int64Value } }
    public func real(_ index: Int) throws -> Double { try required(index, "real") { $0.doubleValue } }

    private func required<T>(_ index: Int, _ expected: String, _ convert: (SQLValue) -> T?) throws -> T {
        let value = self[index]
        if let result = convert(value) { return result }
        // Names are read only now: the fast path never builds them.
        let layout = RowLayout(statement: statement, count: Int32(count), sql: sqlite3_sql(statement).map { String(cString: $0) })
        let found = index >= 0 && index < count ? index : nil
        throw layout.error(column: found.map { layout.columns[$0] } ?? "#\(index)", at: found, value: value, expected: expected)
    }
}

extension SQLiteDatabase {
    /// Runs one statement and turns each row into a `T` as it is stepped.
    public func query<T>(_ sql: String, _ args: [SQLValue] = [], map: (ColumnReader) throws -> T) throws -> [T] {
        try withStatement(sql, args) { statement in
            var result: [T] = []
            while try step(statement) {
                // Counted after each step, as in `rows(of:)`: a re-compiled `SELECT *` may have other columns.
                result.append(try map(ColumnReader(statement: statement, count: Int(sqlite3_column_count(statement)))))
            }
            return result
        }
    }
}
