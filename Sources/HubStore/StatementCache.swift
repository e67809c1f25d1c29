import CSQLite

/// Prepared statements keyed by SQL text, evicting the least recently used past `capacity`,
/// each with the layout of its result once read. Not locked itself: only `SQLiteDatabase`
/// touches it, under its lock.
final class StatementCache {
    private struct Entry {
        let statement: OpaquePointer
        var lastUsed: UInt64
        /// The result's layout and the statement's re-compilation count when it was read.
        var layout: (RowLayout, reprepares: Int32)?
    }

    /// SQL text as a key: equal when the texts are, hashed by their length and at most their
    /// first and last 32 bytes. Hashing the whole text of a statement cost about a thousand
    /// instructions a lookup, and a chat message makes seven.
    struct Key: Hashable {
        let sql: String

        static func == (a: Key, b: Key) -> Bool { a.sql == b.sql }

        func hash(into hasher: inout Hasher) {
            var sql = self.sql
            sql.withUTF8 { bytes in
                hasher.combine(bytes.count)
                let edge = 32
                if bytes.count <= 2 * edge {
                    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                } else {
                    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<edge])))
                    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(bytes.count - edge)...])))
                }
            }
        }
    }

    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var tick: UInt64 = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    var count: Int { entries.count }

    /// The cached statement for this SQL, marked as just used.
    func lookup(_ sql: String) -> OpaquePointer? {
        // One hash of the SQL text: the entry is updated where it is.
        guard let index = entries.index(forKey: Key(sql: sql)) else { return nil }
        tick += 1
        entries.values[index].lastUsed = tick
        return entries.values[index].statement
    }

    /// The layout kept for this cached statement, unless it was re-compiled since: a schema
    /// change re-compiles it inside sqlite3_step, and `SELECT *` may then have other columns.
    /// Reusing it spares building the names, their lookup tables and origins on every query.
    func layout(for sql: String, _ statement: OpaquePointer) -> RowLayout? {
        guard let entry = entries[Key(sql: sql)], entry.statement == statement, let kept = entry.layout,
            kept.reprepares == StatementCache.reprepares(statement)
        else { return nil }
        return kept.0
    }

    /// Keeps the layout just read for this cached statement; nothing for one not cached.
    func keep(_ layout: RowLayout, for sql: String, _ statement: OpaquePointer) {
        let key = Key(sql: sql)
        guard var entry = entries[key], entry.statement == statement else { return }
        entry.layout = (layout, StatementCache.reprepares(statement))
        entries[key] = entry
    }

    private static func reprepares(_ statement: OpaquePointer) -> Int32 {
        sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    /// Keeps a statement; returns false when caching is off, so the caller finalizes it.
    func insert(_ sql: String, _ statement: OpaquePointer) -> Bool {
        guard capacity > 0 else { return false }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            sqlite3_finalize(oldest.value.statement)
            entries.removeValue(forKey: oldest.key)
        }
        tick += 1
        entries[Key(sql: sql)] = Entry(statement: statement, lastUsed: tick)
        return true
    }

    /// Finalizes every statement; needed before the connection closes.
    func removeAll() {
        for entry in entries.values { sqlite3_finalize(entry.statement) }
        entries.removeAll()
    }
}
