import Synchronization

/// Request body bytes the server may hold in memory at once, across all connections. A
/// request is admitted when its declared (or so far received) size fits; past the budget it
/// is answered 503 with `Retry-After` before more of it is read.
final class BodyBudget: @unchecked Sendable {
    let limit: Int
    private let held = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    /// Takes `bytes` from the budget; false, taking nothing, when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        var current = held.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { return false }
            let (exchanged, original) = held.compareExchange(
                expected: current, desired: current + bytes,
                ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
    }

    func release(_ bytes: Int) {
        if bytes > 0 { held.wrappingSubtract(bytes, ordering: .releasing) }
    }

    var inUse: Int { held.load(ordering: .acquiring) }
}
