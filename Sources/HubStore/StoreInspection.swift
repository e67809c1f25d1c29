import Foundation

/// What a store file holds, as far as restoring it or upgrading over it goes: whether SQLite
/// finds it sound, which migrations it has, and whose it is. Read without changing a byte.
public struct StoreInspection: Equatable, Sendable {
    public let path: String
    /// `["ok"]` for a sound file.
    public let integrity: [String]
    /// The recorded migration names, in order; its count is the store's migration level.
    public let migrations: [String]
    /// The daemon named in `daemon_meta`, nil before that table exists.
    public let owner: String?

    public var level: Int { migrations.count }

    /// Reads the file at `path`; `StoreCheckError.missing` when there is none.
    public static func inspect(path: String) throws -> StoreInspection {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreCheckError.missing(path: path) }
        let db = try SQLiteDatabase(inspecting: path)
        defer { db.close() }
        do {
            let integrity = try db.integrityCheck()
            // A damaged file can fail on any later read: its integrity rows are the whole answer.
            guard integrity == ["ok"] else { return StoreInspection(path: path, integrity: integrity, migrations: [], owner: nil) }
            let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.string("name") })
            let migrations =
                tables.contains("schema_migrations")
                ? try db.query("SELECT name FROM schema_migrations ORDER BY seq").compactMap { $0.string("name") } : []
            let owner =
                tables.contains("daemon_meta")
                ? try db.queryOne("SELECT value FROM daemon_meta WHERE key = 'daemon'")?.string("value") : nil
            return StoreInspection(path: path, integrity: integrity, migrations: migrations, owner: owner)
        } catch let error as StoreError {
            // SQLite may refuse a file whose header or schema page is damaged before any check runs.
            return StoreInspection(path: path, integrity: [error.description], migrations: [], owner: nil)
        }
    }

    /// Checks the file against a build whose daemon `daemon` knows `known`: sound, owned by that
    /// daemon, and with a history that is a prefix of `known`, so this build can open it and
    /// only ever moves it forward.
    public func check(daemon: String, known: [Migration]) throws {
        guard integrity == ["ok"] else { throw StoreCheckError.integrityCheckFailed(path: path, rows: integrity) }
        guard owner == nil || owner == daemon else { throw StoreCheckError.wrongOwner(path: path, owner: owner ?? "", expected: daemon) }
        guard level <= known.count else {
            throw StoreCheckError.newerThanBuild(path: path, level: level, buildLevel: known.count, latest: migrations.last ?? "")
        }
        for (recorded, step) in zip(migrations, known) where recorded != step.name {
            throw StoreCheckError.unknownMigration(path: path, name: recorded)
        }
    }

    /// Whether this build would apply migrations to the file when its daemon opens it.
    public func isBehind(known: [Migration]) -> Bool { level < known.count }
}
