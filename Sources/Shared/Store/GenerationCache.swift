import Foundation

/// Read-through cache of values derived from a store, valid while a `GenerationSource`
/// (the whole connection, or a `TableChangeCounter` of the tables read) stays the same. A value is kept only if no write happened while it
/// was computed, so the cache never holds data older than the generation it is filed
/// under. Bounded: past `capacity` entries, stale ones go first, then the whole map.
public final class GenerationCache<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (generation: Int64, value: Value)] = [:]
    private let capacity: Int

    public init(capacity: Int = 1_024) { self.capacity = capacity }

    public func value(for key: String, in source: GenerationSource, compute: () throws -> Value) rethrows -> Value {
        let before = source.generation
        if let hit = lock.withLock({ entries[key] }), hit.generation == before { return hit.value }
        let value = try compute()
        if source.generation == before {
            lock.withLock {
                if entries.count >= capacity {
                    entries = entries.filter { $0.value.generation == before }
                    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                }
                entries[key] = (before, value)
            }
        }
        return value
    }

    public var count: Int { lock.withLock { entries.count } }
}
