import CSQLite
import HubRuntime

/// Applies an ordered list of migrations, each once, recording them in `schema_migrations`.
public enum Migrator {
    static let historyTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations(
            seq INTEGER PRIMARY KEY,
            name TEXT UNIQUE NOT NULL,
            applied_at TEXT NOT NULL
        )
        """

    /// Applies the steps not yet recorded, in order, each in its own transaction together with
    /// its record (`seq` is the 1-based position). Returns the names applied now.
    /// Throws `.migrationMismatch`, applying nothing, when names repeat or the recorded history
    /// is not a prefix of `migrations`.
    public static func apply(
        _ migrations: [Migration], to db: SQLiteDatabase,
        clock: Clock = SystemClock()
    ) throws -> [String] {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw StoreError.migrationMismatch("duplicate migration name '\(migration.name)'")
        }
        try db.execute(historyTable)
        let recorded = try db.query("SELECT seq, name FROM schema_migrations ORDER BY seq")
        for (i, row) in recorded.enumerated() {
            let name = row.string("name") ?? ""
            guard i < migrations.count else {
                throw StoreError.migrationMismatch("recorded migration '\(name)' is not in the list")
            }
            guard row.int64("seq") == Int64(i + 1), name == migrations[i].name else {
                throw StoreError.migrationMismatch(
                    "recorded migration #\(row.int64("seq") ?? 0) '\(name)' does not match #\(i + 1) '\(migrations[i].name)'")
            }
        }
        var applied: [String] = []
        for (i, migration) in migrations.enumerated().dropFirst(recorded.count) {
            try apply(migration, seq: i + 1, to: db, clock: clock)
            applied.append(migration.name)
        }
        return applied
    }

    private static func apply(_ migration: Migration, seq: Int, to db: SQLiteDatabase, clock: Clock) throws {
        if migration.disablesForeignKeys {
            guard !db.isInTransaction else {
                throw StoreError.misuse("migration '\(migration.name)' needs foreign keys off: run it outside a transaction")
            }
            try db.execute("PRAGMA foreign_keys=OFF")
        }
        defer { if migration.disablesForeignKeys { try? db.execute("PRAGMA foreign_keys=ON") } }
        try db.transaction {
            try db.execute(migration.sql)
            if migration.disablesForeignKeys {
                let violations = try db.query("PRAGMA foreign_key_check")
                guard violations.isEmpty else {
                    throw StoreError.constraint(
                        message: "FOREIGN KEY check failed after migration '\(migration.name)': \(violations.count) rows")
                }
            }
            try db.run(
                "INSERT INTO schema_migrations(seq, name, applied_at) VALUES (?, ?, ?)",
                [.int(Int64(seq)), .text(migration.name), .text(ISOTime.format(clock.now()))])
        }
    }
}
