import Foundation
import XCTest

@testable import HubRuntime

/// AppTracker's recorded-event rules and their threshold edges, through the operator API.
final class MarketTrackerTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws { f = try MarketHubFixture(limit: 120) }
    override func tearDown() { f?.shutdown() }

    /// Day 0: apps 1…120 in order; day 1: the pinned moves; watches the apps named.
    func collectTwoDays(pinned: [Int: Int], watch: [Int]) throws {
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...120)))
        try f.runPass()
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(MarketHubFixture.arrange(Array(1...121), pinned: pinned, count: 120)))
        try f.runPass()
        for app in watch { XCTAssertEqual(try f.call("PUT", "/market/watchlist/\(MarketHubFixture.ids([app])[0])").status, 201) }
    }

    func events(_ query: String = "days=7") throws -> [[String: Any]] {
        let reply = try f.call("GET", "/market/tracker?" + query)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["events"] as? [[String: Any]] ?? []
    }

    func kinds(_ events: [[String: Any]], app: Int) -> [String] {
        events.filter { $0["adamId"] as? String == MarketHubFixture.ids([app])[0] }.compactMap { $0["type"] as? String }.sorted()
    }

    func testRankingMovesOfFiveAreReportedAndFourAreNot() throws {
        // Given moves of 4 and 5 up, and of 4 and 5 down, between consecutive complete days
        try collectTwoDays(pinned: [20: 16, 30: 25, 40: 44, 41: 46], watch: [20, 30, 40, 41])

        // When the timeline is read
        let all = try events()

        // Then only the five-position moves are events, with both observations
        XCTAssertEqual(kinds(all, app: 20), [])
        XCTAssertEqual(kinds(all, app: 30), ["ranking.rise"])
        XCTAssertEqual(kinds(all, app: 40), [])
        XCTAssertEqual(kinds(all, app: 41), ["ranking.fall"])
        let rise = try XCTUnwrap(all.first { $0["type"] as? String == "ranking.rise" })
        XCTAssertEqual(rise["rank"] as? Int, 25)
        XCTAssertEqual(rise["previousRank"] as? Int, 30)
        XCTAssertEqual(rise["date"] as? String, "2026-11-21")
        XCTAssertEqual(rise["previousDate"] as? String, "2026-11-20")
        XCTAssertEqual(rise["storefront"] as? String, "us")
        XCTAssertEqual(rise["chart"] as? String, "topfreeapplications")
    }

    func testEntriesIntoTop10And50And100NeedThePreviousCompleteSnapshot() throws {
        // Given 11→10 (top 10), 51→50 (top 50), 101→100 (top 100), 10→9 (already in), and a
        // new app at 99 that the previous complete snapshot did not list
        try collectTwoDays(pinned: [11: 10, 51: 50, 101: 100, 10: 9, 121: 99], watch: [11, 51, 101, 10, 121])

        // When the timeline is read
        let all = try events()

        // Then each crossing is reported once at its tier, the new app as a top-100 entry
        XCTAssertEqual(kinds(all, app: 11), ["ranking.top10"])
        XCTAssertEqual(kinds(all, app: 51), ["ranking.top50"])
        XCTAssertEqual(kinds(all, app: 101), ["ranking.top100"])
        XCTAssertEqual(kinds(all, app: 10), [])
        XCTAssertEqual(kinds(all, app: 121), ["ranking.top100"])
        let fresh = try XCTUnwrap(all.first { $0["adamId"] as? String == MarketHubFixture.ids([121])[0] })
        XCTAssertNil(fresh["previousRank"], "absent from the previous complete snapshot")
    }

    func testACollectionGapOrAnIncompleteSnapshotEstablishesNothing() throws {
        // Given day 0 complete, day 1 incomplete (the feed lost entries), day 2 not collected,
        // day 3 complete with big moves
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...120)))
        try f.runPass()
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array((1...119).reversed())))
        try f.runPass()
        f.setDay(3)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(MarketHubFixture.arrange(Array(1...121), pinned: [120: 1, 121: 2], count: 120)))
        try f.runPass()
        for app in [120, 121, 1] { XCTAssertEqual(try f.call("PUT", "/market/watchlist/\(MarketHubFixture.ids([app])[0])").status, 201) }

        // When the timeline is read
        let all = try events()

        // Then no ranking event is invented
        XCTAssertEqual(all.count, 0, "\(all)")
    }

    func testDownloadRisesOfFortyPercentFromTheSameSourceAndStorefront() throws {
        try collectTwoDays(pinned: [:], watch: [1, 2, 3, 4, 5, 6])
        // Given estimate series: +39%, +40%, from zero, across a missing value, across sources,
        // and within one period
        let imported = try f.importRecords([
            MarketHubFixture.estimate("e1a", app: 1, value: 100, start: "2026-09-01", end: "2026-09-30"),
            MarketHubFixture.estimate("e1b", app: 1, value: 139, start: "2026-10-01", end: "2026-10-31"),
            MarketHubFixture.estimate("e2a", app: 2, value: 100, start: "2026-09-01", end: "2026-09-30"),
            MarketHubFixture.estimate("e2b", app: 2, value: 140, start: "2026-10-01", end: "2026-10-31"),
            MarketHubFixture.estimate("e3a", app: 3, value: 0, start: "2026-09-01", end: "2026-09-30"),
            MarketHubFixture.estimate("e3b", app: 3, value: 500, start: "2026-10-01", end: "2026-10-31"),
            MarketHubFixture.estimate("e4a", app: 4, value: 100, start: "2026-08-01", end: "2026-08-31"),
            MarketHubFixture.estimate("e4b", app: 4, value: nil, start: "2026-09-01", end: "2026-09-30"),
            MarketHubFixture.estimate("e4c", app: 4, value: 900, start: "2026-10-01", end: "2026-10-31"),
            MarketHubFixture.estimate("e5a", app: 5, value: 100, start: "2026-09-01", end: "2026-09-30", source: "a"),
            MarketHubFixture.estimate("e5b", app: 5, value: 900, start: "2026-10-01", end: "2026-10-31", source: "b"),
            MarketHubFixture.estimate(
                "e6a", app: 6, value: 100, start: "2026-10-01", end: "2026-10-31",
                observedAt: "2026-11-01T00:00:00.000Z"),
            MarketHubFixture.estimate("e6b", app: 6, value: 900, start: "2026-10-01", end: "2026-10-31"),
        ])
        XCTAssertEqual(imported.status, 200, imported.text)

        // When the timeline is read
        let all = try events("days=7&type=downloads")

        // Then only the 40% rise is an event, labelled with its source, storefront and periods
        XCTAssertEqual(all.compactMap { $0["adamId"] as? String }, MarketHubFixture.ids([2]))
        let event = try XCTUnwrap(all.first)
        XCTAssertEqual(event["type"] as? String, "estimate.downloads")
        XCTAssertEqual(event["source"] as? String, "sensor")
        XCTAssertEqual(event["storefront"] as? String, "us")
        XCTAssertEqual(event["periodStart"] as? String, "2026-10-01")
        XCTAssertEqual(event["previousPeriodEnd"] as? String, "2026-09-30")
        XCTAssertEqual(event["value"] as? Double, 140)
        XCTAssertEqual(event["previousValue"] as? Double, 100)
        XCTAssertEqual(event["changePercent"] as? Double, 40)
        XCTAssertEqual(event["date"] as? String, "2026-11-21T00:00:00.000Z")
        // and the missing estimate is stored as missing
        XCTAssertTrue(try f.marketDB.scalar("SELECT value FROM estimates WHERE record_id = 'e4b'").isNull)
    }

    func testAdsPostsAndFlowsFromImportedRecordsInThePeriod() throws {
        try collectTwoDays(pinned: [:], watch: [1])
        let app = MarketHubFixture.ids([1])[0]
        // Given records inside and outside the period, and ones that do not count
        XCTAssertEqual(
            try f.importRecords([
                ["id": "ad1", "kind": "ad", "adamId": app, "platform": "meta", "firstSeenAt": "2026-11-19T08:00:00.000Z", "active": true],
                ["id": "ad2", "kind": "ad", "adamId": app, "platform": "meta", "firstSeenAt": "2026-09-01T08:00:00.000Z", "active": true],
                ["id": "ad3", "kind": "ad", "adamId": app, "platform": "meta", "active": true],
                [
                    "id": "p1", "kind": "social_post", "adamId": app, "platform": "tiktok", "publishedAt": "2026-11-20T08:00:00Z",
                    "available": true, "url": "https://tiktok.example/1",
                ],
                [
                    "id": "p2", "kind": "social_post", "adamId": app, "platform": "tiktok", "publishedAt": "2026-11-20T09:00:00Z",
                    "available": false,
                ],
                [
                    "id": "f1", "kind": "flow", "adamId": app, "flowType": "onboarding", "capturedAt": "2026-11-18T08:00:00Z",
                    "published": true,
                ],
                [
                    "id": "f2", "kind": "flow", "adamId": app, "flowType": "paywall", "capturedAt": "2026-11-18T09:00:00Z",
                    "published": false,
                ],
            ]).status, 200)

        // When the 7- and 90-day timelines are read
        let week = try events("days=7")
        let quarter = try events("days=90&type=ads")

        // Then the week has the recent ad, the available post and the published flow, newest first
        XCTAssertEqual(week.compactMap { $0["recordId"] as? String }, ["p1", "ad1", "f1"])
        XCTAssertEqual(week.compactMap { $0["type"] as? String }, ["organic", "ad", "onboarding"])
        XCTAssertEqual(quarter.compactMap { $0["recordId"] as? String }, ["ad1", "ad2"])
    }

    func testTheTimelineIsBoundedTo2000EventsWithANotice() throws {
        try collectTwoDays(pinned: [:], watch: [1])
        // Given 2,001 ads first seen in the period
        let app = MarketHubFixture.ids([1])[0]
        let ads: [[String: Any]] = (0..<2_001).map { i in
            [
                "id": "ad-\(i)", "kind": "ad", "adamId": app, "platform": "meta", "active": true,
                "firstSeenAt": ISOTime.format(MarketHubFixture.day1.addingTimeInterval(-Double(i) * 60)),
            ]
        }
        XCTAssertEqual(try f.importRecords(ads).json["imported"] as? Int, 2_001)

        // When the timeline is read
        let reply = try f.call("GET", "/market/tracker?days=30")

        // Then the newest 2,000 are shown with a notice
        XCTAssertEqual((reply.json["events"] as? [[String: Any]])?.count, 2_000)
        XCTAssertEqual((reply.json["events"] as? [[String: Any]])?.first?["recordId"] as? String, "ad-0")
        XCTAssertEqual(reply.json["bounded"] as? Bool, true)
        XCTAssertNotNil(reply.json["notice"] as? String)
    }

    func testAppTrackerNeedsFullMarketAccess() throws {
        // Given a Pro organization (a five-app watchlist, no AppTracker)
        try f.setPlan("pro")

        // When it reads the timeline
        let reply = try f.call("GET", "/market/tracker")

        // Then the plan is named
        XCTAssertEqual(reply.status, 403)
        XCTAssertEqual(reply.code, "PLAN_REQUIRED")
        XCTAssertEqual(try f.call("GET", "/market/tracker?days=14").status, 400)
    }
}
