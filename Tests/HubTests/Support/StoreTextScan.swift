import Foundation

@testable import HubStore

/// Reads every row of every table of a daemon's database for account-erasure tests: which
/// tables hold rows naming given IDs, names or secrets (text, or blobs read as UTF-8), and
/// rows written by hand into a table.
enum StoreTextScan {
    /// Tables every daemon keeps for itself, naming no organization.
    static let bookkeeping: Set<String> = ["schema_migrations", "daemon_meta"]

    /// The database's own tables: not SQLite's, and not a full-text index or its shadow tables
    /// (their contents are the indexed table's, scanned there).
    static func tables(_ db: SQLiteDatabase) throws -> Set<String> {
        let rows = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        let names = Set(rows.compactMap { $0.string("name") })
        let indexes = names.filter { name in
            (try? db.queryOne("SELECT sql FROM sqlite_master WHERE name = ?", [.text(name)])?.string("sql"))??
                .uppercased().contains("VIRTUAL TABLE") == true
        }
        return names.filter { name in !indexes.contains { name.hasPrefix($0 + "_") } }.subtracting(indexes).subtracting(bookkeeping)
    }

    /// How many rows of each table hold one of `needles` in any column; tables with none are left out.
    static func rows(_ db: SQLiteDatabase, holding needles: [String]) throws -> [String: Int] {
        var found: [String: Int] = [:]
        for table in try tables(db) {
            for row in try db.query("SELECT * FROM \"\(table)\"") {
                let holds = row.values.contains { value in
                    let text: String?
                    switch value {
                    case .text(let string): text = string
                    case .blob(let bytes): text = String(decoding: bytes, as: UTF8.self)
                    default: text = nil
                    }
                    guard let text else { return false }
                    return needles.contains { text.localizedCaseInsensitiveContains($0) }
                }
                if holds { found[table, default: 0] += 1 }
            }
        }
        return found
    }

    /// Writes one row as given, for the tables a test seeds by hand.
    static func insert(_ db: SQLiteDatabase, _ table: String, _ values: KeyValuePairs<String, SQLValue>) throws {
        let columns = values.map { $0.key }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try db.run("INSERT INTO \(table) (\(columns)) VALUES (\(marks))", values.map { $0.value })
    }
}
