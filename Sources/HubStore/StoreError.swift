import CSQLite

/// A failure of the store layer. `code` is stable and safe to show; messages come from SQLite.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// Any other SQLite failure; `code` is SQLite's extended result code (`code & 0xFF` is the primary one).
    case sqlite(code: Int32, message: String)
    /// A UNIQUE, NOT NULL, CHECK, FOREIGN KEY or PRIMARY KEY constraint failed.
    case constraint(message: String)
    /// The database stayed locked by another connection for the whole busy timeout.
    case busy
    /// `PRAGMA integrity_check` answered something other than `ok`.
    case integrityCheckFailed([String])
    /// The recorded migration history does not match the migration list.
    case migrationMismatch(String)
    /// A backup would overwrite this existing file.
    case backupTargetExists(String)
    /// The database was used after `close()`.
    case closed
    /// A column that must hold a value of one type does not: the schema and the code
    /// disagree. Names the table and column, never the value.
    case column(table: String, column: String, problem: ColumnProblem)

    public var code: String {
        switch self {
        case .sqlite: return "STORE_SQLITE"
        case .constraint: return "STORE_CONSTRAINT"
        case .busy: return "STORE_BUSY"
        case .integrityCheckFailed: return "STORE_INTEGRITY_CHECK_FAILED"
        case .migrationMismatch: return "STORE_MIGRATION_MISMATCH"
        case .backupTargetExists: return "STORE_BACKUP_TARGET_EXISTS"
        case .closed: return "STORE_CLOSED"
        case .column: return "STORE_COLUMN"
        }
    }

    /// True for a UNIQUE or PRIMARY KEY violation, the one callers usually turn into "already exists".
    public var isUniqueViolation: Bool {
        guard case .constraint(let message) = self else { return false }
        return message.hasPrefix("UNIQUE constraint failed") || message.hasPrefix("PRIMARY KEY must be unique")
    }

    public var description: String {
        switch self {
        case .sqlite(let code, let message): return "\(self.code): SQLite error \(code): \(message)"
        case .constraint(let message): return "\(code): \(message)"
        case .busy: return "\(code): database is locked"
        case .integrityCheckFailed(let rows): return "\(code): \(rows.prefix(5).joined(separator: "; "))"
        case .migrationMismatch(let detail): return "\(code): \(detail)"
        case .backupTargetExists(let path): return "\(code): \(path)"
        case .closed: return "\(code): database is closed"
        case .column(let table, let column, let problem): return "\(code): column \(column) of \(table) \(problem)"
        }
    }

    /// Maps a SQLite result code to the case callers match on.
    static func from(code: Int32, message: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_BUSY: return .busy
        case SQLITE_CONSTRAINT: return .constraint(message: message)
        default: return .sqlite(code: code, message: message)
        }
    }

    static func misuse(_ message: String) -> StoreError { .sqlite(code: SQLITE_MISUSE, message: message) }
}
