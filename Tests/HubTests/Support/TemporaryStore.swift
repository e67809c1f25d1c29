import TestSupport
import XCTest

@testable import HubRuntime
@testable import HubStore

extension XCTestCase {
    /// A store in a temporary file, migrated through `migrations`: closed, and its files (with
    /// `-wal` and `-shm`) removed, when the test ends. For tests of a migration step, which open
    /// a store at the step before it.
    func temporaryStore(_ name: String, migratedThrough migrations: some Collection<Migration> = [Migration]()) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: temporaryDatabasePath(name))
        addTeardownBlock { db.close() }
        if !migrations.isEmpty { _ = try Migrator.apply(Array(migrations), to: db) }
        return db
    }
}
