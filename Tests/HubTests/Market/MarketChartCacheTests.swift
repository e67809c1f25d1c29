import Foundation
import XCTest

@testable import HubMessaging
@testable import IngestService

/// ingest's copies of chart answers: served fresh, served while one read confirms them, and
/// never served unconfirmed past the maximum age.
final class MarketChartCacheTests: XCTestCase {
    typealias Reply = MarketChartReply<MarketTrending.Body>
    let body = MarketTrending.Body(snapshotDate: "2026-11-20", items: [])

    func testACopyIsFreshThenConfirmedByOneReadThenNotServedPastItsMaximumAge() throws {
        // Given a copy kept with etag e1
        let cache = MarketChartCache(freshAge: 0.05, maximumAge: 0.2)
        XCTAssertNotNil(cache.answer(key: "k", reply: Reply(etag: "e1", body: body)))

        // Then at first it is served without asking
        guard case .serve(_, confirm: false) = cache.lookup("k") else { return XCTFail("not fresh") }

        // When it is older than the fresh age: one read confirms it, the others only serve it
        Thread.sleep(forTimeInterval: 0.06)
        guard case .serve(_, confirm: true) = cache.lookup("k") else { return XCTFail("no confirmation asked") }
        guard case .serve(_, confirm: false) = cache.lookup("k") else { return XCTFail("asked twice") }

        // And marketd's answer without a body makes it fresh again
        XCTAssertNotNil(cache.answer(key: "k", reply: Reply(etag: "e1", body: nil)))
        guard case .serve(_, confirm: false) = cache.lookup("k") else { return XCTFail("not fresh again") }

        // When nobody confirms it past the maximum age, a read waits for marketd with the etag
        Thread.sleep(forTimeInterval: 0.21)
        guard case .ask(let etag) = cache.lookup("k") else { return XCTFail("served past the maximum age") }
        XCTAssertEqual(etag, "e1")

        // And a reply with another etag and no body cannot use the copy
        XCTAssertNil(cache.answer(key: "k", reply: Reply(etag: "e2", body: nil)))
        cache.invalidate()
        guard case .ask(nil) = cache.lookup("k") else { return XCTFail("kept after invalidation") }
    }
}
