import CSQLite
import Foundation
import HubRuntime

/// How a daemon opens its one database file at start-up.
public enum StoreOpener {
    /// Creates the parent directory (mode 0700) and a new file (mode 0600, as stores hold
    /// secrets), opens it, refuses a database failing `PRAGMA integrity_check`, applies
    /// pending migrations and logs their names, then takes its WAL checkpoints off its commits
    /// (`WALCheckpointer`).
    /// `verify` runs after the integrity check and before any migration, so a file that
    /// belongs to something else is refused before it is changed.
    public static func open(
        path: String, migrations: [Migration], logger: Logger?,
        clock: Clock = SystemClock(), busyTimeoutMilliseconds: Int32 = 5000,
        verify: ((SQLiteDatabase) throws -> Void)? = nil
    ) throws -> SQLiteDatabase {
        try prepareFile(path)
        let db = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        do {
            let check = try db.integrityCheck()
            guard check == ["ok"] else { throw StoreError.integrityCheckFailed(check) }
            try verify?(db)
            let applied = try Migrator.apply(migrations, to: db, clock: clock)
            try db.checkpointInBackground()
            logger?.info(
                "store opened",
                [
                    "path": path, "migrationsApplied": applied.count,
                    "migrations": applied.joined(separator: ","),
                ])
            return db
        } catch {
            db.close()
            logger?.error("store open failed", ["path": path, "error": String(describing: error)])
            throw error
        }
    }

    private static func prepareFile(_ path: String) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        let files = FileManager.default
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !files.fileExists(atPath: parent) {
            do {
                try files.createDirectory(
                    atPath: parent, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.sqlite(code: SQLITE_CANTOPEN, message: "cannot create \(parent): \(error)")
            }
        }
        // Created here rather than by SQLite so the file, and the -wal/-shm files SQLite gives
        // the same mode, are never readable by others, whatever the umask.
        let fd = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError.sqlite(code: SQLITE_CANTOPEN, message: "cannot create \(path): errno \(errno)")
        }
        Foundation.close(fd)
    }
}
