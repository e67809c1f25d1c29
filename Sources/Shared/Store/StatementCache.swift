import CSQLite

/// Prepared statements keyed by SQL text, evicting the least recently used past `capacity`.
/// Not locked itself: only `SQLiteDatabase` touches it, under its lock.
final class StatementCache {
    private struct Entry {
        let statement: OpaquePointer
        var lastUsed: UInt64
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    var count: Int { entries.count }

    /// The cached statement for this SQL, marked as just used.
    func lookup(_ sql: String) -> OpaquePointer? {
        guard var entry = entries[sql] else { return nil }
        tick += 1
        entry.lastUsed = tick
        entries[sql] = entry
        return entry.statement
    }

    /// Keeps a statement; returns false when caching is off, so the caller finalizes it.
    func insert(_ sql: String, _ statement: OpaquePointer) -> Bool {
        guard capacity > 0 else { return false }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            sqlite3_finalize(oldest.value.statement)
            entries.removeValue(forKey: oldest.key)
        }
        tick += 1
        entries[sql] = Entry(statement: statement, lastUsed: tick)
        return true
    }

    /// Finalizes every statement; needed before the connection closes.
    func removeAll() {
        for entry in entries.values { sqlite3_finalize(entry.statement) }
        entries.removeAll()
    }
}
