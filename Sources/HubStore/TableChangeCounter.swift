import CSQLite
import Foundation
import Synchronization

/// Anything whose value changes whenever the data a cache derives from may have changed.
public protocol GenerationSource: AnyObject, Sendable {
    var generation: Int64 { get }
}

extension SQLiteDatabase: GenerationSource {
    /// Every change on the connection.
    public var generation: Int64 { changeGeneration }
}

/// Counts row changes to a chosen set of tables (SQLite's update hook), so caches of data
/// from those tables outlive writes to unrelated ones (feedback, tokens, idempotency
/// records). The hook does not fire for WITHOUT ROWID tables (watch the rowid tables that
/// every such change also touches) nor for a `DELETE` without `WHERE` (SQLite's truncate
/// optimization): never empty a watched table that way.
public final class TableChangeCounter: GenerationSource, @unchecked Sendable {
    public let tables: Set<String>
    private let count = Atomic<Int64>(0)

    init(tables: Set<String>) { self.tables = tables }

    public var generation: Int64 { count.load(ordering: .acquiring) }

    func bump() { count.wrappingAdd(1, ordering: .releasing) }
}

extension SQLiteDatabase {
    /// A counter of changes to `tables` on this connection (rolled-back changes count too,
    /// which only costs a cache miss).
    public func changeCounter(forTables tables: Set<String>) -> TableChangeCounter {
        let counter = TableChangeCounter(tables: tables)
        locked {
            watchedTables.append(counter)
            installUpdateHook()
        }
        return counter
    }

    /// Called with the lock held, on the thread making the change.
    func tableChanged(_ name: String) {
        for counter in watchedTables where counter.tables.contains(name) { counter.bump() }
    }
}

/// The C entry point of the update hook; the database is passed unretained as context (it
/// removes the hook before it goes away).
let sqliteUpdateHook:
    @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, sqlite3_int64) -> Void = {
        context, _, _, table, _ in
        guard let context, let table else { return }
        Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue().tableChanged(String(cString: table))
    }
