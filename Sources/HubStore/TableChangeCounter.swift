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
    private let count = Atomic<Int64>(0)

    public var generation: Int64 { count.load(ordering: .acquiring) }

    func bump() { count.wrappingAdd(1, ordering: .releasing) }
}

extension SQLiteDatabase {
    /// A counter of changes to `tables` on this connection (rolled-back changes count too,
    /// which only costs a cache miss).
    public func changeCounter(forTables tables: Set<String>) -> TableChangeCounter {
        let counter = TableChangeCounter()
        locked {
            for table in tables {
                let name = Array(table.utf8CString)
                if let index = watchedTables.firstIndex(where: { $0.name == name }) {
                    watchedTables[index].counters.append(counter)
                } else {
                    watchedTables.append(WatchedTable(name: name, counters: [counter]))
                }
            }
            installUpdateHook()
        }
        return counter
    }

    /// Called with the lock held, on the thread making the change, for every row changed:
    /// the name is compared as SQLite passes it, without making a String of it or hashing it
    /// (about 1,800 instructions a row before, five or six rows an idea).
    func tableChanged(_ name: UnsafePointer<CChar>) {
        for watched in watchedTables where strcmp(watched.name, name) == 0 {
            for counter in watched.counters { counter.bump() }
            return
        }
    }
}

/// A table some counters watch, by its name as the NUL-terminated bytes the update hook
/// compares.
struct WatchedTable {
    let name: [CChar]
    var counters: [TableChangeCounter]
}

/// The C entry point of the update hook; the database is passed unretained as context (it
/// removes the hook before it goes away).
let sqliteUpdateHook:
    @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, sqlite3_int64) -> Void = {
        context, _, _, table, _ in
        guard let context, let table else { return }
        Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue().tableChanged(table)
    }
