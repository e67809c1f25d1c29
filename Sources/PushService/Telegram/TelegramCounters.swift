import Foundation

/// Delivery figures since pushd started, for metrics and the bench.
final class TelegramCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var values = (sent: 0, topics: 0, retries: 0, rateLimited: 0, dropped: 0)

    var sent: Int { lock.withLock { values.sent } }
    var snapshot: (sent: Int, topics: Int, retries: Int, rateLimited: Int, dropped: Int) { lock.withLock { values } }

    func add(sent: Int = 0, topics: Int = 0, retries: Int = 0, rateLimited: Int = 0, dropped: Int = 0) {
        lock.withLock {
            values.sent += sent
            values.topics += topics
            values.retries += retries
            values.rateLimited += rateLimited
            values.dropped += dropped
        }
    }
}
