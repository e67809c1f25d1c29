import Foundation
import TestSupport
import XCTest

@testable import HubMessaging

/// Trending and rising through the operator API, from marketd collecting the fake store feed
/// over several UTC days on a manual clock.
final class MarketChartTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws { f = try MarketHubFixture(limit: 10) }
    override func tearDown() { f?.shutdown() }

    func testTrendingAnswersTheLatestCompleteSnapshotWithItsDate() throws {
        // Given a complete chart on day 1 and a truncated feed on day 2
        let day1 = MarketHubFixture.ids(Array(1...10))
        try f.feed.chart(f.path, ids: day1)
        XCTAssertEqual(try f.runPass(), 1)
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array((1...10).reversed())), extra: ["truncate": 900])
        try f.runPass()

        // When trending is read on day 2
        let reply = try f.call("GET", "/market/trending?storefront=us&chart=topfreeapplications")

        // Then it is day 1's chart, dated day 1, and day 2's incomplete snapshot is kept aside
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.json["snapshotDate"] as? String, "2026-11-20")
        let items = reply.items
        XCTAssertEqual(items.map { $0["adamId"] as? String }, day1)
        XCTAssertEqual(items.map { $0["rank"] as? Int }, Array(1...10))
        XCTAssertEqual(items.first?["name"] as? String, "App 1000000001")
        XCTAssertEqual(items.first?["slug"] as? String, "app-1000000001-1000000001")
        XCTAssertEqual(items.first?["developerName"] as? String, "Studio 28")
        XCTAssertEqual(items.first?["releaseDate"] as? String, "2016-03-12T07:00:00Z", "the lookup's store date")
        let kept = try f.marketDB.query("SELECT day, complete FROM snapshots ORDER BY day")
        XCTAssertEqual(kept.map { $0.string("day") }, ["2026-11-20", "2026-11-21"])
        XCTAssertEqual(kept.map { $0.bool("complete") }, [true, false])
    }

    func testTrendingWithoutACompleteSnapshotIsEmptyWithANullDate() throws {
        // Given only a feed with fewer entries than asked for
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...9)))
        try f.runPass()

        // When trending is read
        let reply = try f.call("GET", "/market/trending")

        // Then nothing is presented as a chart
        XCTAssertEqual(reply.status, 200)
        XCTAssertTrue(reply.json["snapshotDate"] is NSNull)
        XCTAssertTrue(reply.items.isEmpty)
        XCTAssertEqual(try f.marketDB.scalar("SELECT count(*) FROM snapshot_entries").intValue, 9, "the partial chart is kept")
    }

    func testRisingListsRisersFallersAndNewEntriesAcrossTwoDays() throws {
        // Given day 1: apps 1…10; day 2: app 9 up to 2nd, app 1 down to 7th, app 11 new at 4th, app 10 gone
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids([2, 9, 3, 11, 4, 5, 1, 6, 7, 8]))
        try f.runPass()

        // When each kind is read
        let risers = try f.call("GET", "/market/rising?kind=riser")
        let fallers = try f.call("GET", "/market/rising?kind=faller")
        let new = try f.call("GET", "/market/rising?kind=new")

        // Then the moves are measured between the two days, biggest first
        XCTAssertEqual(risers.status, 200)
        XCTAssertEqual(risers.json["fromDate"] as? String, "2026-11-20")
        XCTAssertEqual(risers.json["toDate"] as? String, "2026-11-21")
        let up = risers.items
        XCTAssertEqual(up.first?["adamId"] as? String, "1000000009")
        XCTAssertEqual(up.first?["rank"] as? Int, 2)
        XCTAssertEqual(up.first?["previousRank"] as? Int, 9)
        XCTAssertEqual(up.first?["change"] as? Int, 7)
        XCTAssertEqual(up.map { $0["adamId"] as? String }, MarketHubFixture.ids([9, 2]))
        let down = fallers.items
        XCTAssertEqual(down.map { $0["adamId"] as? String }, MarketHubFixture.ids([1, 6, 7, 8, 4, 5]))
        XCTAssertEqual(down.first?["change"] as? Int, -6)
        let entries = new.items
        XCTAssertEqual(entries.map { $0["adamId"] as? String }, MarketHubFixture.ids([11]))
        XCTAssertTrue(entries.first?["previousRank"] is NSNull)
        XCTAssertTrue(entries.first?["change"] is NSNull)
    }

    func testRisingIsEmptyFromOneDayAnIncompleteSnapshotOrAGap() throws {
        // Given one complete day
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        let single = try f.call("GET", "/market/rising?kind=new")

        // and then an incomplete second day (the feed lost its entries)
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(11...20)), extra: ["noEntry": true])
        try f.runPass()
        let incomplete = try f.call("GET", "/market/rising?kind=new")

        // and then a complete third day, a day after the gap
        f.setDay(2)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(11...20)))
        try f.runPass()
        let gap = try f.call("GET", "/market/rising?kind=new")

        // Then no comparison is made in any of them
        for reply in [single, incomplete, gap] {
            XCTAssertEqual(reply.status, 200)
            XCTAssertTrue(reply.json["fromDate"] is NSNull)
            XCTAssertTrue(reply.json["toDate"] is NSNull)
            XCTAssertTrue(reply.items.isEmpty)
        }
        // while trending moves on to the newest complete day
        XCTAssertEqual(try f.call("GET", "/market/trending").json["snapshotDate"] as? String, "2026-11-22")
    }

    func testALaterPassTheSameDayReplacesTheSnapshotButNeverWithAnIncompleteOne() throws {
        // Given two complete passes on one day, then a failing one
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array((1...10).reversed())))
        try f.runPass()
        try f.feed.script(f.path, ["status": 404])
        try f.runPass()

        // When trending is read
        let items = try f.call("GET", "/market/trending").items

        // Then the day holds one snapshot: the later complete one
        XCTAssertEqual(items.first?["adamId"] as? String, "1000000010")
        XCTAssertEqual(try f.marketDB.scalar("SELECT count(*) FROM snapshots").intValue, 1)
    }

    func testARepeatedReadIsServedFreshAfterANewPass() throws {
        // Given trending read twice (the second answered from ingest's confirmed copy)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        let first = try f.call("GET", "/market/trending")
        let repeated = try f.call("GET", "/market/trending")
        XCTAssertEqual(repeated.body, first.body)

        // When a later pass that day records another order
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array((1...10).reversed())))
        try f.runPass()

        // Then the next read has it
        let after = try f.call("GET", "/market/trending").items
        XCTAssertEqual(after.first?["adamId"] as? String, "1000000010")
    }

    func testAPassMarketdRunsOnItsOwnShowsOnceTheConfirmedCopyAges() throws {
        // Given trending read once
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        XCTAssertEqual(try f.call("GET", "/market/trending").items.first?["adamId"] as? String, "1000000001")

        // When marketd runs a pass that ingest does not see (as its schedule would)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array((1...10).reversed())))
        let pass = f.hub.app!.backends[.marketd].call(JobRun.self, JobRun.Request(name: "market-charts"), timeout: 30)
        XCTAssertEqual(try pass.get().processed, 1)
        Thread.sleep(forTimeInterval: 1.1)

        // Then once the copy is older than a second, a read has marketd confirm it, and the
        // reads right after show the new chart
        var first: String?
        _ = try eventually(timeout: 1, every: 0.05) {
            first = try f.call("GET", "/market/trending").items.first?["adamId"] as? String
            return first == "1000000010"
        }
        XCTAssertEqual(first, "1000000010")
    }

    func testQueriesAreValidatedWithFieldErrors() throws {
        // When the parameters are wrong
        let trending = try f.call("GET", "/market/trending?storefront=USA&chart=topapps&genre=games&limit=500")
        let rising = try f.call("GET", "/market/rising?kind=up")

        // Then each wrong field is named
        XCTAssertEqual(trending.status, 400)
        XCTAssertEqual(trending.code, "INVALID_QUERY")
        XCTAssertEqual(Set(trending.fields.keys), ["storefront", "chart", "genre", "limit"])
        XCTAssertEqual(rising.status, 400)
        XCTAssertEqual(Set(rising.fields.keys), ["kind"])
    }
}
