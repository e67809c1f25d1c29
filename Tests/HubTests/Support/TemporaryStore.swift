import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore

extension XCTestCase {
    /// A store in a temporary file, migrated through `migrations`: closed, and its files (with
    /// `-wal` and `-shm`) removed, when the test ends. For tests of a migration step, which open
    /// a store at the step before it.
    func temporaryStore(_ name: String, migratedThrough migrations: some Collection<Migration> = [Migration]()) throws -> SQLiteDatabase {
        let path = NSTemporaryDirectory() + "\(name)-\(TimeSortableID.shared.next()).sqlite"
        let db = try SQLiteDatabase(path: path)
        addTeardownBlock {
            db.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        if !migrations.isEmpty { _ = try Migrator.apply(Array(migrations), to: db) }
        return db
    }
}
