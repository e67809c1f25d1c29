import Foundation
import HubHTTPServer
import HubMessaging

/// Rendered chart answers by query, each with the marketd `etag` it was rendered at and when
/// marketd last confirmed it. A copy confirmed within `freshAge` is served as it is; an older
/// one, up to `maximumAge`, is served too while one request confirms it with marketd in the
/// background (marketd answers without a body when nothing was written); past `maximumAge`
/// a read waits for marketd. Writes that go through ingest (the `market-charts` job route)
/// drop every copy at once, so only a pass marketd runs on its own schedule can take a moment
/// (about `freshAge` under traffic, at most `maximumAge`) to show.
final class MarketChartCache: @unchecked Sendable {
    static let freshAge: TimeInterval = 1
    static let maximumAge: TimeInterval = 10

    private struct Entry {
        var etag: String
        var bytes: [UInt8]
        var confirmedAt: UInt64
        var confirming: Bool
    }

    /// What a read can take from the cache.
    enum Lookup {
        /// Serve this copy; when `confirm` is set this read should also ask marketd (with the etag).
        case serve(HTTPResponse, confirm: Bool)
        /// Ask marketd and wait, with the etag of a kept copy if any.
        case ask(etag: String?)
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let capacity: Int
    private let freshNanoseconds: UInt64
    private let maximumNanoseconds: UInt64

    init(
        capacity: Int = 4_096, freshAge: TimeInterval = MarketChartCache.freshAge,
        maximumAge: TimeInterval = MarketChartCache.maximumAge
    ) {
        self.capacity = capacity
        freshNanoseconds = UInt64(max(0, freshAge) * 1e9)
        maximumNanoseconds = UInt64(max(0, maximumAge) * 1e9)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func lookup(_ key: String) -> Lookup {
        let now = Self.now()
        return lock.withLock {
            guard var entry = entries[key] else { return .ask(etag: nil) }
            let age = now &- entry.confirmedAt
            if age < freshNanoseconds { return .serve(.jsonBytes(entry.bytes), confirm: false) }
            guard age < maximumNanoseconds else { return .ask(etag: entry.etag) }
            let confirm = !entry.confirming
            if confirm {
                entry.confirming = true
                entries[key] = entry
            }
            return .serve(.jsonBytes(entry.bytes), confirm: confirm)
        }
    }

    /// The answer for a reply: the fresh body rendered and kept, or the kept one when marketd
    /// confirmed its etag. nil when neither is possible (the kept copy went away meanwhile).
    func answer<Body: Encodable>(key: String, reply: MarketChartReply<Body>) -> HTTPResponse? {
        let now = Self.now()
        if let body = reply.body {
            let response = HTTPResponse.json(body)
            guard response.status == 200 else { return response }
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = Entry(etag: reply.etag, bytes: response.body, confirmedAt: now, confirming: false)
            }
            return response
        }
        let kept: [UInt8]? = lock.withLock {
            guard var entry = entries[key], entry.etag == reply.etag else { return nil }
            entry.confirmedAt = now
            entry.confirming = false
            entries[key] = entry
            return entry.bytes
        }
        return kept.map { .jsonBytes($0) }
    }

    func etag(for key: String) -> String? { lock.withLock { entries[key]?.etag } }

    /// A background confirmation failed: let a later read try again.
    func confirmationFailed(_ key: String) {
        lock.withLock { entries[key]?.confirming = false }
    }

    /// Drops every copy: the charts may have changed.
    func invalidate() { lock.withLock { entries.removeAll(keepingCapacity: true) } }
}
