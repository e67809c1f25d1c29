import Foundation

/// Read-through cache of values derived from a store, valid while a `GenerationSource`
/// (the whole connection, or a `TableChangeCounter` of the tables read) stays the same. A value is kept only if no write happened while it
/// was computed, so the cache never holds data older than the generation it is filed
/// under. Bounded: past `capacity` entries, or past `maxBytes` when values have a cost,
/// stale ones go first, then the whole map.
public final class GenerationCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (generation: Int64, value: Value, bytes: Int)] = [:]
    private let capacity: Int
    private let maxBytes: Int
    private let cost: ((Value) -> Int)?
    private var totalBytes = 0

    public init(capacity: Int = 1_024) {
        self.capacity = capacity
        maxBytes = .max
        cost = nil
    }

    /// Bounded by bytes too: an entry counts `cost(value)` plus its key, and a value that
    /// alone costs more than `maxBytes` is returned without being kept.
    public init(capacity: Int, maxBytes: Int, cost: @escaping (Value) -> Int) {
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.cost = cost
    }

    public func value(for key: String, in source: GenerationSource, compute: () throws -> Value) rethrows -> Value {
        let before = source.generation
        if let hit = lock.withLock({ entries[key] }), hit.generation == before { return hit.value }
        let value = try compute()
        if source.generation == before {
            let bytes = cost.map { $0(value) + key.utf8.count } ?? 0
            if bytes <= maxBytes { lock.withLock { insert(key, (before, value, bytes)) } }
        }
        return value
    }

    public var count: Int { lock.withLock { entries.count } }

    /// What the kept entries cost, as `maxBytes` counts it.
    public var bytes: Int { lock.withLock { totalBytes } }

    private func insert(_ key: String, _ entry: (generation: Int64, value: Value, bytes: Int)) {
        if let replaced = entries.removeValue(forKey: key) { totalBytes -= replaced.bytes }
        if entries.count >= capacity || totalBytes > maxBytes - entry.bytes {
            entries = entries.filter { $0.value.generation == entry.generation }
            totalBytes = entries.values.reduce(0) { $0 + $1.bytes }
            if entries.count >= capacity || totalBytes > maxBytes - entry.bytes {
                entries.removeAll(keepingCapacity: true)
                totalBytes = 0
            }
        }
        entries[key] = entry
        totalBytes += entry.bytes
    }
}
