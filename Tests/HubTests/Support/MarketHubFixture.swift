import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService
@testable import MarketService

/// ingest and marketd in this process on a manual clock, collecting from the fake feed with
/// pacing off, one chart (`us`, `topfreeapplications`) of `limit` entries unless told otherwise.
final class MarketHubFixture: OperatorAPIClient {
    static let day1 = ISOTime.parse("2026-11-20T10:00:00.000Z")!

    let feed: MarketFeedFake
    let hub: HubHarness
    let clock = ManualClock(MarketHubFixture.day1)
    let limit: Int

    init(limit: Int = 10, environment: [String: String] = [:]) throws {
        feed = try MarketFeedFake()
        self.limit = limit
        var env = [
            "APPNORTH_ITUNES_URL": feed.baseURL,
            "APPNORTH_MARKET_MIN_GAP_MS": "0", "APPNORTH_MARKET_INTERVAL_S": "0",
            "APPNORTH_MARKET_CHART_LIMIT": String(limit), "APPNORTH_MARKET_CHARTS": "topfreeapplications",
            "APPNORTH_MARKET_STOREFRONTS": "us", "APPNORTH_RPC_TIMEOUT_MS": "5000",
        ]
        env.merge(environment) { _, new in new }
        do {
            hub = try HubHarness(environment: OperatorAPI.environment(env), clock: clock)
            try hub.start([.ingest, .marketd])
        } catch {
            feed.stop()
            throw error
        }
    }

    func shutdown() {
        hub.shutdown()
        feed.stop()
    }

    var path: String { MarketFeedFake.path(limit: limit) }

    /// The marketd store, for checks of what was recorded.
    var marketDB: SQLiteDatabase { hub.daemons[.marketd]!.context.store }

    /// Sets the clock to `days` after day 1 (10:00 UTC).
    func setDay(_ days: Int) { clock.set(MarketHubFixture.day1.addingTimeInterval(TimeInterval(days) * 86_400)) }

    /// IDs `1000000001…` for `n` apps.
    static func ids(_ numbers: [Int]) -> [String] { numbers.map { String(1_000_000_000 + $0) } }

    /// One collection pass through the operator API; the count it answered.
    @discardableResult
    func runPass() throws -> Int {
        let reply = try call("POST", "/jobs/market-charts/run")
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["processed"] as? Int ?? -1
    }

}

extension MarketHubFixture {
    /// A chart order: `pinned` apps at the given ranks, the rest of `base` filling the other
    /// places in their order, `count` places in all.
    static func arrange(_ base: [Int], pinned: [Int: Int], count: Int) -> [Int] {
        var slots = [Int?](repeating: nil, count: count)
        for (app, rank) in pinned { slots[rank - 1] = app }
        var rest = base.filter { pinned[$0] == nil }.makeIterator()
        return slots.map { $0 ?? rest.next()! }
    }

    /// Imports JSON lines; the reply.
    func importRecords(_ records: [[String: Any]]) throws -> HubReply {
        let lines = try records.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        return try call("POST", "/market/records", body: Array(lines.joined(separator: "\n").utf8), contentType: "application/x-ndjson")
    }

    static func estimate(
        _ id: String, app: Int, value: Double?, start: String, end: String, source: String = "sensor",
        storefront: String = "us", observedAt: String = "2026-11-21T00:00:00.000Z"
    ) -> [String: Any] {
        [
            "id": id, "kind": "estimate", "adamId": ids([app])[0], "metric": "downloads", "value": value.map { $0 as Any } ?? NSNull(),
            "source": source, "storefront": storefront, "periodStart": start, "periodEnd": end, "observedAt": observedAt,
        ]
    }
}
