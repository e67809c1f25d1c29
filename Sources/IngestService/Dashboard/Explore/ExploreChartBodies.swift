import Foundation
import HubHTTPServer

/// What the Explore chart pages draw from a chart answer (its dates and its table as HTML),
/// made once per answer: `MarketChartCache` keeps the JSON bytes the operator API sends, and
/// decoding and drawing a hundred rows again for every view cost most of the page's time. An
/// entry is reused while the cache hands out the same bytes (a comparison of memory, far
/// cheaper than decoding) and replaced when they change; the frame around it (the viewer, the
/// form token) is drawn for every view.
final class ExploreChartBodies<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (bytes: [UInt8], value: Value)] = [:]
    private let capacity: Int

    init(capacity: Int = 256) { self.capacity = capacity }

    func value(key: String, response: HTTPResponse, make: (Data) throws -> Value) throws -> Value {
        if let kept = lock.withLock({ entries[key] }), kept.bytes == response.body { return kept.value }
        let value = try make(Data(response.body))
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (response.body, value)
        }
        return value
    }
}
