import CSQLite

/// A 64-bit hash of a key's parts, for a compact lookup index where the parts are long (a
/// project, an owner kind and an owner of up to 320 characters, say): an index of the hash
/// holds a fraction of the bytes, and a lookup compares one integer where it compared the
/// parts' text at every level of the tree. A lookup still compares every part, so two keys
/// of one hash only ever cost a second comparison. Not for secrets or for anything a client
/// could gain by choosing a collision: it is FNV-1a, fast and not collision-resistant.
///
/// FNV-1a over each part's UTF-8 length (eight bytes, little-endian) and then its bytes, so
/// ("ab", "c") and ("a", "bc") differ. The value is stored, so it never changes: a new
/// algorithm would need a new column.
public enum KeyHash64 {
    /// `key_hash64(part, …)` in SQL: every connection `SQLiteDatabase` opens has it.
    public static let sqlName = "key_hash64"

    /// The hash of `parts`, or nil when any part is nil (as the SQL function answers NULL).
    public static func of(_ parts: [String?]) -> Int64? {
        var hash = State()
        for part in parts {
            guard var part else { return nil }
            part.withUTF8 { hash.add($0) }
        }
        return hash.value
    }

    /// The hash of `parts`, none of them nil: what `key_hash64` stores for them, for a
    /// statement that binds it instead of asking SQLite to compute it again.
    public static func of(_ parts: String...) -> Int64 {
        var hash = State()
        for var part in parts { part.withUTF8 { hash.add($0) } }
        return hash.value
    }

    struct State {
        private var h: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            var length = UInt64(bytes.count)
            for _ in 0..<8 {
                mix(UInt8(truncatingIfNeeded: length))
                length >>= 8
            }
            for byte in bytes { mix(byte) }
        }

        private mutating func mix(_ byte: UInt8) {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        var value: Int64 { Int64(bitPattern: h) }
    }

    /// Defines `key_hash64` on `db`: deterministic (usable wherever SQLite allows a
    /// deterministic function) and innocuous (it reads nothing but its arguments).
    static func register(on db: OpaquePointer) -> Int32 {
        sqlite3_create_function_v2(
            db, sqlName, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, count, values in
                var hash = State()
                for i in 0..<Int(count) {
                    let value = values?[i]
                    guard sqlite3_value_type(value) != SQLITE_NULL else {
                        sqlite3_result_null(context)
                        return
                    }
                    // Text as UTF-8; another type as SQLite converts it to text.
                    let text = sqlite3_value_text(value)
                    let length = Int(sqlite3_value_bytes(value))
                    hash.add(UnsafeBufferPointer(start: text, count: text == nil ? 0 : length))
                }
                sqlite3_result_int64(context, hash.value)
            }, nil, nil, nil)
    }
}
