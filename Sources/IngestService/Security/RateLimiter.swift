import Foundation
import HubHTTPServer
import HubRuntime

/// Token buckets per key (an IP, a project/IP pair, an action): `limit` requests per
/// `window`, refilled continuously. Bounded: past `maxKeys` buckets, idle (full) ones are
/// dropped first, then the oldest, so memory never grows with the number of clients.
public final class RateLimiter: @unchecked Sendable {
    public let limit: Int
    public let window: TimeInterval
    private let clock: Clock
    private let maxKeys: Int
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, at: TimeInterval)] = [:]

    public init(limit: Int, window: TimeInterval = 60, clock: Clock, maxKeys: Int = 100_000) {
        self.limit = limit
        self.window = window
        self.clock = clock
        self.maxKeys = maxKeys
    }

    /// Takes one request from `key`'s budget or throws 429 `RATE_LIMITED` with `Retry-After`.
    public func consume(_ key: String) throws {
        let now = clock.now().timeIntervalSince1970
        let rate = Double(limit) / window
        let wait: Double? = lock.withLock {
            var bucket = buckets[key] ?? (tokens: Double(limit), at: now)
            bucket.tokens = min(Double(limit), bucket.tokens + max(0, now - bucket.at) * rate)
            bucket.at = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                if buckets.count > maxKeys { evict(now: now, rate: rate) }
                return nil
            }
            buckets[key] = bucket
            return (1 - bucket.tokens) / rate
        }
        if let wait { throw APIError.rateLimited(retryAfter: max(1, Int(wait.rounded(.up)))) }
    }

    /// Throws 429 `RATE_LIMITED` when `key`'s budget is already spent, taking nothing: what a
    /// request head can be refused for before its body is read.
    public func check(_ key: String) throws {
        let now = clock.now().timeIntervalSince1970
        let rate = Double(limit) / window
        let tokens: Double? = lock.withLock {
            buckets[key].map { min(Double(limit), $0.tokens + max(0, now - $0.at) * rate) }
        }
        if let tokens, tokens < 1 { throw APIError.rateLimited(retryAfter: max(1, Int(((1 - tokens) / rate).rounded(.up)))) }
    }

    var keyCount: Int { lock.withLock { buckets.count } }

    private func evict(now: TimeInterval, rate: Double) {
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.at) * rate < Double(limit) }
        if buckets.count > maxKeys {
            let oldest = buckets.sorted { $0.value.at < $1.value.at }.prefix(buckets.count - maxKeys).map(\.key)
            for key in oldest { buckets.removeValue(forKey: key) }
        }
    }
}
