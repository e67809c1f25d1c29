import CSQLite

/// Column names of one result set, shared by all its rows, and what an error about one of
/// them needs: each column's table and the statement's SQL.
final class RowLayout: Sendable {
    let columns: [String]
    /// The table each column was read from; nil for an expression or a hand-built row.
    let origins: [String?]
    /// The statement's text, read only to name its table when no column has an origin.
    let sql: String?
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(columns: [String], origins: [String?]? = nil, sql: String? = nil) {
        self.columns = columns
        self.origins = origins ?? Array(repeating: nil, count: columns.count)
        self.sql = sql
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        // The first column of a name wins, as in `SELECT a.id, b.id`.
        for (i, name) in columns.enumerated() {
            if exact[name] == nil { exact[name] = i }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = i }
        }
        self.exact = exact
        self.folded = folded
    }

    /// The layout of the row a statement is on. Column origins come from SQLite's column
    /// metadata (Debian's libsqlite3 is built with it), which costs a lookup per column.
    convenience init(statement: OpaquePointer, count: Int32, sql: String?) {
        self.init(
            columns: (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) },
            origins: (0..<count).map { sqlite3_column_table_name(statement, $0).map { String(cString: $0) } },
            sql: sql)
    }

    /// SQLite column names are case-insensitive, so a differently cased name still finds its column.
    func index(of name: String) -> Int? { exact[name] ?? folded[name.lowercased()] }

    /// The table to name for a column: its own origin, else every table the result reads
    /// from, else the first table the SQL names.
    func table(of index: Int?) -> String {
        if let index, origins.indices.contains(index), let origin = origins[index] { return origin }
        var tables: [String] = []
        for case let origin? in origins where !tables.contains(origin) { tables.append(origin) }
        if !tables.isEmpty { return tables.joined(separator: ", ") }
        return sql.flatMap(RowLayout.firstTable(in:)) ?? "result"
    }

    /// The identifier after the first FROM, INTO or UPDATE keyword; nil when there is none.
    static func firstTable(in sql: String) -> String? {
        let words = sql.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" || $0 == "`" || $0 == "[" || $0 == "]") }
        for (i, word) in words.enumerated().dropLast() where ["FROM", "INTO", "UPDATE"].contains(word.uppercased()) {
            let name = words[i + 1].filter { $0 != "\"" && $0 != "`" && $0 != "[" && $0 != "]" }
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// The typed error for a column that is missing, NULL or of another storage class than
    /// `expected`. It names the table and column, never the value, which may be a secret.
    func error(column name: String, at index: Int?, value: SQLValue, expected: String) -> StoreError {
        let problem: ColumnProblem
        if index == nil {
            problem = .missing
        } else if value.isNull {
            problem = .null
        } else {
            problem = .wrongType(expected: expected, found: value.storageClass)
        }
        return .column(table: table(of: index), column: name, problem: problem)
    }
}
