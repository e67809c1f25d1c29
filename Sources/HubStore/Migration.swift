/// One named schema step. Once shipped, a step is never edited or reordered: add a new one.
public struct Migration: Equatable, Sendable {
    public let name: String
    /// A script run by `SQLiteDatabase.execute` inside the step's transaction; no BEGIN/COMMIT.
    public let sql: String
    /// Runs the step with foreign keys off and checks them before commit, as SQLite requires
    /// for rebuilding a table that others reference (the pragma cannot change inside a transaction).
    public let disablesForeignKeys: Bool

    public init(name: String, sql: String, disablesForeignKeys: Bool = false) {
        self.name = name
        self.sql = sql
        self.disablesForeignKeys = disablesForeignKeys
    }
}
