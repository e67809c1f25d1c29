import Foundation
import Shared

/// Rendered chart answers by query, each with the marketd `etag` it was rendered at. ingest
/// still asks marketd on every request (with that etag), so an answer is served only while
/// marketd confirms nothing changed; a hit skips decoding and re-encoding 200 items.
final class MarketChartCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (etag: String, bytes: [UInt8])] = [:]
    private let capacity: Int

    init(capacity: Int = 4_096) { self.capacity = capacity }

    func etag(for key: String) -> String? { lock.withLock { entries[key]?.etag } }

    /// The answer for a reply: the fresh body rendered and kept, or the kept one when marketd
    /// confirmed its etag. nil when neither is possible (the kept copy was evicted meanwhile).
    func answer<Body: Encodable>(key: String, reply: MarketChartReply<Body>) -> HTTPResponse? {
        if let body = reply.body {
            let response = HTTPResponse.json(body)
            guard response.status == 200 else { return response }
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = (reply.etag, response.body)
            }
            return response
        }
        guard let kept = lock.withLock({ entries[key] }), kept.etag == reply.etag else { return nil }
        return .jsonBytes(kept.bytes)
    }
}
