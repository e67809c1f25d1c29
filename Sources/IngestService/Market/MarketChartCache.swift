import Foundation
import Shared

/// Rendered chart answers by query, each with the marketd `etag` it was rendered at and when
/// marketd last confirmed it. Within `maximumAge` of a confirmation a copy is served without
/// asking marketd; after that ingest asks with the etag, and marketd answers without a body
/// when nothing was written. Writes that go through ingest (the `market-charts` job route)
/// drop every copy at once, so only a pass marketd runs on its own schedule can take up to
/// `maximumAge` to show.
final class MarketChartCache: @unchecked Sendable {
    /// How long a confirmed copy is served without asking marketd again.
    static let maximumAge: TimeInterval = 1

    private struct Entry {
        var etag: String
        var bytes: [UInt8]
        var confirmedAt: UInt64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let capacity: Int
    private let maximumAgeNanoseconds: UInt64

    init(capacity: Int = 4_096, maximumAge: TimeInterval = MarketChartCache.maximumAge) {
        self.capacity = capacity
        maximumAgeNanoseconds = UInt64(max(0, maximumAge) * 1e9)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// A copy confirmed recently enough to serve as it is.
    func fresh(_ key: String) -> HTTPResponse? {
        let now = Self.now()
        guard let entry = lock.withLock({ entries[key] }), now &- entry.confirmedAt < maximumAgeNanoseconds else { return nil }
        return .jsonBytes(entry.bytes)
    }

    func etag(for key: String) -> String? { lock.withLock { entries[key]?.etag } }

    /// The answer for a reply: the fresh body rendered and kept, or the kept one when marketd
    /// confirmed its etag. nil when neither is possible (the kept copy went away meanwhile).
    func answer<Body: Encodable>(key: String, reply: MarketChartReply<Body>) -> HTTPResponse? {
        let now = Self.now()
        if let body = reply.body {
            let response = HTTPResponse.json(body)
            guard response.status == 200 else { return response }
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = Entry(etag: reply.etag, bytes: response.body, confirmedAt: now)
            }
            return response
        }
        let kept: [UInt8]? = lock.withLock {
            guard var entry = entries[key], entry.etag == reply.etag else { return nil }
            entry.confirmedAt = now
            entries[key] = entry
            return entry.bytes
        }
        return kept.map { .jsonBytes($0) }
    }

    /// Drops every copy: the charts may have changed.
    func invalidate() { lock.withLock { entries.removeAll(keepingCapacity: true) } }
}
