import Foundation
import XCTest

@testable import IngestService

/// The market tools over charts and the catalog (the seed's "Herramientas de mercado"):
/// `market_trending`, `market_rising`, `market_search_apps`, `market_get_app` and
/// `market_compare_apps`, with their pages, plans and the data the hub lacks.
final class MCPMarketCatalogToolsTests: XCTestCase {
    var f: MCPFixture!

    override func tearDown() { f?.shutdown() }

    func app(_ n: Int) -> String { MarketHubFixture.ids([n])[0] }

    func items(_ result: MCPFixture.ToolResult) -> [[String: Any]] { result.structured["items"] as? [[String: Any]] ?? [] }

    /// A `tools/call` refused as -32602 (arguments that fail the schema); its problems.
    func schemaProblems(_ tool: String, _ arguments: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let reply = try f.rpc("tools/call", ["name": tool, "arguments": arguments])
        let error = try XCTUnwrap(reply.json["error"] as? [String: Any], reply.text, file: file, line: line)
        XCTAssertEqual(error["code"] as? Int, -32602, reply.text, file: file, line: line)
        return (error["data"] as? [String: Any])?["problems"] as? [String] ?? []
    }

    func testTrendingPagesTheLatestCompleteSnapshotWithItsDate() throws {
        // Given 12 apps collected on 2026-11-20 and an organization on Free
        f = try MCPFixture()
        try f.market.setPlan("free")
        // When the chart is read in pages of 5
        let first = try f.call("market_trending", ["limit": 5])
        let last = try f.call("market_trending", ["limit": 5, "offset": 10])
        // Then the pages hold ranks 1-5 and 11-12 of that day's snapshot, the last with a null nextOffset
        XCTAssertFalse(first.isError, "\(first.structured)")
        XCTAssertEqual(items(first).compactMap { $0["rank"] as? Int }, [1, 2, 3, 4, 5])
        XCTAssertEqual(items(first).first?["adamId"] as? String, app(1))
        XCTAssertEqual(first.structured["snapshotDate"] as? String, "2026-11-20")
        XCTAssertEqual(first.structured["nextOffset"] as? Int, 5)
        XCTAssertEqual(items(last).compactMap { $0["rank"] as? Int }, [11, 12])
        XCTAssertTrue(last.structured["nextOffset"] is NSNull)
        // And Free reads it without credits
        XCTAssertNil(first.structured["credits"])
        // And a chart never collected is MARKET_UNAVAILABLE, not an empty ranking
        let unheld = try f.call("market_trending", ["chart": "toppaidapplications"])
        XCTAssertEqual(unheld.errorCode, "MARKET_UNAVAILABLE")
        // And limit is 1-50 and offset 0-100000: both sides of each edge
        XCTAssertEqual(items(try f.call("market_trending", ["limit": 50])).count, 12)
        XCTAssertEqual(try schemaProblems("market_trending", ["limit": 51]), ["arguments.limit must be at most 50"])
        XCTAssertEqual(try schemaProblems("market_trending", ["limit": 0]), ["arguments.limit must be at least 1"])
        let far = try f.call("market_trending", ["offset": 100_000])
        XCTAssertEqual(items(far).count, 0)
        XCTAssertTrue(far.structured["nextOffset"] is NSNull)
        XCTAssertEqual(try schemaProblems("market_trending", ["offset": 100_001]), ["arguments.offset must be at most 100000"])
    }

    func testRisingIsStudiosAndNeedsTwoConsecutiveCompleteDays() throws {
        // Given one day collected
        f = try MCPFixture()
        // When Pro asks for risers
        try f.market.setPlan("pro")
        let pro = try f.call("market_rising", [:])
        // Then it is PLAN_REQUIRED studio
        XCTAssertEqual(pro.errorCode, "PLAN_REQUIRED")
        XCTAssertEqual((pro.structured["error"] as? [String: Any])?["required_plan"] as? String, "studio")
        // When a self-hosted organization asks with one day only
        try f.market.setPlan("selfhosted")
        let oneDay = try f.call("market_rising", [:])
        // Then no move is invented: MARKET_UNAVAILABLE, with the credit counted
        XCTAssertEqual(oneDay.errorCode, "MARKET_UNAVAILABLE")
        // When the next day app 9 climbs from 9th to 2nd and app 13 takes app 12's place
        f.market.setDay(1)
        let order = MarketHubFixture.arrange(Array(1...11) + [13], pinned: [9: 2], count: 12)
        try f.market.feed.chart(f.market.path, ids: MarketHubFixture.ids(order))
        try f.market.runPass()
        let risers = try f.call("market_rising", [:])
        let fallers = try f.call("market_rising", ["kind": "faller", "limit": 2])
        let new = try f.call("market_rising", ["kind": "new"])
        // Then app 9 is the one riser, seven places up between the two days; the seven apps it passed fall one
        // place each, two a page; and the new entry has null moves
        XCTAssertFalse(risers.isError, "\(risers.structured)")
        XCTAssertEqual(risers.structured["fromDate"] as? String, "2026-11-20")
        XCTAssertEqual(risers.structured["toDate"] as? String, "2026-11-21")
        XCTAssertEqual(items(risers).first?["adamId"] as? String, app(9))
        XCTAssertEqual(items(risers).first?["change"] as? Int, 7)
        XCTAssertEqual(items(risers).count, 1)
        XCTAssertTrue(risers.structured["nextOffset"] is NSNull)
        XCTAssertEqual(items(fallers).compactMap { $0["change"] as? Int }, [-1, -1])
        XCTAssertEqual(fallers.structured["nextOffset"] as? Int, 2)
        XCTAssertEqual(items(new).first?["adamId"] as? String, app(13))
        XCTAssertTrue(items(new).first?["previousRank"] is NSNull)
        XCTAssertEqual((risers.structured["credits"] as? [String: Any])?["unlimited"] as? Bool, true)
    }

    func testSearchIsEveryPlansButItsFiltersAreStudiosAndUnheldDataIsUnavailable() throws {
        // Given app 2 with a downloads estimate, an imported ad and a paywall flow
        f = try MCPFixture()
        XCTAssertEqual(
            try f.market.importRecords([
                MarketHubFixture.estimate("est-1", app: 2, value: 1200, start: "2026-10-01", end: "2026-10-31", storefront: "ww"),
                ["id": "ad-1", "kind": "ad", "adamId": app(2), "platform": "meta", "active": true],
                ["id": "flow-1", "kind": "flow", "adamId": app(2), "flowType": "paywall", "published": true],
            ]).status, 200)
        // When Pro searches by name
        try f.market.setPlan("pro")
        let pro = try f.call("market_search_apps", ["query": "App \(app(2))"])
        // Then the app comes with its estimate as a range, keeping source, period and observation date
        let estimate = try XCTUnwrap(items(pro).first?["downloads"] as? [String: Any], "\(pro.structured)")
        XCTAssertTrue(estimate["value"] is NSNull)
        XCTAssertEqual(estimate["range"] as? String, "1K-10K")
        XCTAssertEqual(estimate["source"] as? String, "sensor")
        XCTAssertEqual(estimate["periodEnd"] as? String, "2026-10-31")
        XCTAssertEqual(estimate["observedAt"] as? String, "2026-11-21T00:00:00.000Z")
        // And an app without an estimate has null, not zero
        XCTAssertTrue(items(try f.call("market_search_apps", ["query": "App \(app(3))"])).first?["downloads"] is NSNull)
        // And Studio's filters and estimate sorts are PLAN_REQUIRED on Pro
        for arguments: [String: Any] in [["hasAds": true], ["sort": "revenue"], ["minRevenueUsd": 1], ["flowType": "paywall"]] {
            XCTAssertEqual(try f.call("market_search_apps", arguments).errorCode, "PLAN_REQUIRED", "\(arguments)")
        }
        // When a self-hosted organization filters
        try f.market.setPlan("selfhosted")
        let withAds = try f.call("market_search_apps", ["hasAds": true])
        let withoutAds = try f.call("market_search_apps", ["hasAds": false, "limit": 50])
        let paywalls = try f.call("market_search_apps", ["flowType": "paywall"])
        // Then the filters hold on the imported records, and the exact value shows
        XCTAssertEqual(items(withAds).compactMap { $0["adamId"] as? String }, [app(2)])
        XCTAssertEqual(items(withoutAds).count, 11)
        XCTAssertEqual(items(paywalls).compactMap { $0["adamId"] as? String }, [app(2)])
        XCTAssertEqual((items(withAds).first?["downloads"] as? [String: Any])?["value"] as? Double, 1200)
        // And filters on data the hub does not record are MARKET_UNAVAILABLE, never an empty list
        for arguments: [String: Any] in [["tag": "streaks"], ["paywallType": "trial"], ["hasVideo": true], ["flowType": "retention"]] {
            XCTAssertEqual(try f.call("market_search_apps", arguments).errorCode, "MARKET_UNAVAILABLE", "\(arguments)")
        }
    }

    func testAProfileSpendsADailyReadAndPagesEachLibrary() throws {
        // Given app 1 with two estimates and an organization on Pro
        f = try MCPFixture()
        XCTAssertEqual(
            try f.market.importRecords([
                MarketHubFixture.estimate("est-1", app: 1, value: 50, start: "2026-09-01", end: "2026-09-30"),
                MarketHubFixture.estimate("est-2", app: 1, value: nil, start: "2026-10-01", end: "2026-10-31"),
            ]).status, 200)
        try f.market.setPlan("pro")
        // When its profile is read one library item at a time, then a slug that does not exist
        let first = try f.call("market_get_app", ["slug": app(1), "limit": 1])
        let second = try f.call("market_get_app", ["slug": app(1), "limit": 1, "offset": 1])
        let missing = try f.call("market_get_app", ["slug": "no-such-app"])
        // Then each page holds one estimate, newest period first, a missing value staying null
        let estimates = try XCTUnwrap(first.structured["estimates"] as? [String: Any], "\(first.structured)")
        let newest = try XCTUnwrap((estimates["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(newest["periodEnd"] as? String, "2026-10-31")
        XCTAssertTrue(newest["value"] is NSNull)
        XCTAssertTrue(newest["range"] is NSNull)
        XCTAssertEqual(estimates["nextOffset"] as? Int, 1)
        let older = try XCTUnwrap((second.structured["estimates"] as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(older.first?["range"] as? String, "0-1K")
        XCTAssertTrue(older.first?["value"] is NSNull)
        let history = try XCTUnwrap(first.structured["chartHistory"] as? [String: Any])
        XCTAssertEqual((history["items"] as? [[String: Any]])?.first?["rank"] as? Int, 1)
        // And each read, the missing one too, took one of the day's 10 reads
        XCTAssertEqual((first.structured["daily"] as? [String: Any])?["remaining"] as? Int, 9)
        XCTAssertEqual((second.structured["daily"] as? [String: Any])?["remaining"] as? Int, 8)
        XCTAssertEqual(missing.errorCode, "NOT_FOUND")
        XCTAssertEqual((try f.call("market_get_app", ["slug": app(2)]).structured["daily"] as? [String: Any])?["remaining"] as? Int, 6)
    }

    func testArgumentsTheOperatorAPIWouldRefuseAreRefusedBeforeACreditIsTaken() throws {
        // Given a Studio organization with 10 credits a month
        f = try MCPFixture(environment: ["APPNORTH_STUDIO_MONTHLY_CREDITS": "10"])
        try f.market.setPlan("studio")
        // When charts are asked with a storefront in capitals, a genre that is not a number, an
        // unknown chart, and a search with a category that is not a genre ID
        let refused = [
            try f.refusal("market_trending", ["storefront": "US"]),
            try f.refusal("market_rising", ["genre": "games"]),
            try f.refusal("market_trending", ["chart": "topapps"]),
            try f.refusal("market_search_apps", ["query": "notes", "category": "fitness"]),
        ]
        // Then each is -32602, and the first read that passes costs the month's first credit
        XCTAssertEqual(refused, [-32602, -32602, -32602, -32602])
        let read = try f.call("market_trending", ["storefront": "us"])
        XCTAssertEqual((read.structured["credits"] as? [String: Any])?["used"] as? Int, 1, "\(read.structured)")
    }

    func testACompareTakesTwoToFiveAppsInTheOrderAskedForOneCredit() throws {
        // Given a Studio organization with 10 credits a month
        f = try MCPFixture(environment: ["APPNORTH_STUDIO_MONTHLY_CREDITS": "10"])
        try f.market.setPlan("studio")
        // When one app, or six, are compared
        // Then the schema refuses them, costing nothing
        XCTAssertEqual(try schemaProblems("market_compare_apps", ["slugs": [app(1)]]), ["arguments.slugs must have at least 2 items"])
        XCTAssertEqual(
            try schemaProblems("market_compare_apps", ["slugs": [1, 2, 3, 4, 5, 6].map(app)]), ["arguments.slugs must have at most 5 items"]
        )
        // When two, then five, are compared
        let two = try f.call("market_compare_apps", ["slugs": [app(3), app(1)]])
        let five = try f.call("market_compare_apps", ["slugs": [5, 4, 3, 2, 1].map(app)])
        // Then they come in the order asked, each call one credit
        XCTAssertEqual(items(two).compactMap { ($0["app"] as? [String: Any])?["adamId"] as? String }, [app(3), app(1)])
        XCTAssertEqual((items(two).first?["latestRank"] as? [String: Any])?["rank"] as? Int, 3)
        XCTAssertEqual(items(five).compactMap { $0["slug"] as? String }, [5, 4, 3, 2, 1].map(app))
        XCTAssertEqual((two.structured["credits"] as? [String: Any])?["used"] as? Int, 1)
        XCTAssertEqual((five.structured["credits"] as? [String: Any])?["used"] as? Int, 2)
        XCTAssertEqual((five.structured["credits"] as? [String: Any])?["cost"] as? Int, 1)
        // And an unknown slug fails the call naming it, keeping its credit
        let unknown = try f.call("market_compare_apps", ["slugs": [app(1), "no-such-app"]])
        XCTAssertEqual(unknown.errorCode, "NOT_FOUND")
        XCTAssertTrue(((unknown.structured["error"] as? [String: Any])?["message"] as? String ?? "").contains("no-such-app"))
        XCTAssertEqual(
            (try f.call("market_compare_apps", ["slugs": [app(1), app(2)]]).structured["credits"] as? [String: Any])?["used"] as? Int, 4)
    }
}
