import Foundation
import XCTest

@testable import HubStore

/// Publishers (Estudios): grouping by developer ID or normalized name, and the aggregation
/// rules for totals, apps making money, growth and limited plans.
final class MarketPublishersTests: XCTestCase {
    var f: MarketHubFixture!

    /// Apps n, n+997, n+1994 share the fake's developer `5000000 + n % 997`.
    static let studio28 = [1, 998, 1995], studio29 = [2, 999], solo30 = [3]

    override func setUpWithError() throws {
        f = try MarketHubFixture(limit: 6)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Self.studio28 + Self.studio29 + Self.solo30))
        try f.runPass()
        // Two apps without a developer ID whose names normalize alike, and one without a developer
        for (id, developer) in [("7001", "Acme Games, Inc."), ("7002", "ACME  games"), ("7003", nil)] as [(String, String?)] {
            try f.marketDB.run(
                """
                INSERT INTO apps (adam_id, slug, name, developer_name, release_date, first_seen_at, last_seen_at)
                VALUES (?, ?, ?, ?, '2026-11-01T00:00:00Z', '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')
                """, [.text(id), .text("app-" + id), .text("App " + id), SQLValue(developer)])
        }
        func revenue(_ id: String, _ app: Int, _ value: Double) -> [String: Any] {
            [
                "id": id, "kind": "estimate", "adamId": MarketHubFixture.ids([app])[0], "metric": "revenue", "value": value,
                "source": "sensor", "storefront": "ww", "periodStart": "2026-10-01", "periodEnd": "2026-10-31",
                "observedAt": "2026-11-02T00:00:00.000Z",
            ]
        }
        XCTAssertEqual(
            try f.importRecords([
                revenue("r1", 1, 100), revenue("r998", 998, 200),
                revenue("r2", 2, 50), revenue("r999", 999, 0),
                revenue("r3", 3, 1_000),
                MarketHubFixture.estimate("d3-sep", app: 3, value: 100, start: "2026-09-01", end: "2026-09-30", storefront: "ww"),
                MarketHubFixture.estimate("d3-oct", app: 3, value: 150, start: "2026-10-01", end: "2026-10-31", storefront: "ww"),
            ]).status, 200)
    }

    override func tearDown() { f?.shutdown() }

    func publisher(_ items: [[String: Any]], _ key: String) -> [String: Any]? { items.first { $0["key"] as? String == key } }

    func testStudiosAreGroupedByDeveloperIDOrNormalizedNameWithTheAggregationRules() throws {
        // When the full list is read (default: estimated revenue, highest first)
        let reply = try f.call("GET", "/market/publishers")
        let items = reply.items

        // Then studios follow the developer ID, else the normalized name; no developer, no studio
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(items.map { $0["key"] as? String }, ["id-5000030", "id-5000029", "id-5000028", "name-acme-games"])
        let s28 = try XCTUnwrap(publisher(items, "id-5000028"))
        XCTAssertEqual(s28["appCount"] as? Int, 3)
        XCTAssertTrue(s28["revenue"] is NSNull, "one app without an estimate makes the total unavailable")
        let s29 = try XCTUnwrap(publisher(items, "id-5000029"))
        XCTAssertEqual(s29["revenue"] as? Double, 50)
        XCTAssertEqual(s29["appsMakingMoney"] as? Int, 1, "a zero estimate is not money")
        let s30 = try XCTUnwrap(publisher(items, "id-5000030"))
        XCTAssertEqual(s30["growthPercent"] as? Double, 50)
        XCTAssertEqual((s30["topApp"] as? [String: Any])?["adamId"] as? String, MarketHubFixture.ids([3])[0])
        let acme = try XCTUnwrap(publisher(items, "name-acme-games"))
        XCTAssertEqual(acme["appCount"] as? Int, 2)
        XCTAssertEqual(acme["isNew"] as? Bool, true)
        XCTAssertEqual(acme["launchesLast90Days"] as? Int, 2)
        XCTAssertTrue(acme["developerId"] is NSNull)

        // And the filters narrow by name, launches and app count
        let named = try f.call("GET", "/market/publishers?query=acme%20games").items
        XCTAssertEqual(named.map { $0["key"] as? String }, ["name-acme-games"])
        let recent = try f.call("GET", "/market/publishers?launchedRecently=true").items
        XCTAssertEqual(recent.map { $0["key"] as? String }, ["name-acme-games"])
        let big = try f.call("GET", "/market/publishers?minApps=3&sort=apps").items
        XCTAssertEqual(big.map { $0["key"] as? String }, ["id-5000028"])
        let studio = try f.call("GET", "/market/publishers/id-5000028")
        XCTAssertEqual((studio.json["apps"] as? [[String: Any]])?.count, 3)
        XCTAssertEqual((studio.json["revenueHistory"] as? [Any])?.count, 0, "app 1995 has no revenue estimate")
        XCTAssertEqual(try f.call("GET", "/market/publishers/id-1").status, 404)
    }

    func testRevenueHistoryHasOnlyPeriodsWithEveryAppFromItsOwnSource() throws {
        // Given studio 29 with September for one app only, and a second source for the other
        func revenue(_ id: String, _ app: Int, _ value: Double, _ start: String, _ end: String, source: String = "sensor") -> [String: Any]
        {
            [
                "id": id, "kind": "estimate", "adamId": MarketHubFixture.ids([app])[0], "metric": "revenue", "value": value,
                "source": source, "storefront": "ww", "periodStart": start, "periodEnd": end, "observedAt": "2026-11-01T00:00:00.000Z",
            ]
        }
        XCTAssertEqual(
            try f.importRecords([
                revenue("r2-sep", 2, 40, "2026-09-01", "2026-09-30"),
                revenue("r999-oct-other", 999, 7_000, "2026-10-01", "2026-10-31", source: "other"),
            ]).status, 200)

        // When the studio is opened
        let studio = try f.call("GET", "/market/publishers/id-5000029")

        // Then October alone is summed, from each app's latest source
        let history = try XCTUnwrap(studio.json["revenueHistory"] as? [[String: Any]])
        XCTAssertEqual(history.map { $0["periodStart"] as? String }, ["2026-10-01"])
        XCTAssertEqual(history.first?["value"] as? Double, 50)
        let similar = try XCTUnwrap(studio.json["similar"] as? [[String: Any]])
        XCTAssertFalse(similar.contains { $0["key"] as? String == "id-5000029" })
    }

    func testLimitedPlansSeeThreeStudiosByAppCountWithoutEstimates() throws {
        // Given a Pro organization
        try f.setPlan("pro")

        // When it lists studios, and filters by revenue
        let reply = try f.call("GET", "/market/publishers?sort=revenue")
        let filtered = try f.call("GET", "/market/publishers?minRevenue=10")

        // Then three studios by app count, estimates removed, and the filter locked
        let items = reply.items
        XCTAssertEqual(reply.json["limited"] as? Bool, true)
        XCTAssertEqual(items.map { $0["key"] as? String }, ["id-5000028", "id-5000029", "name-acme-games"])
        XCTAssertTrue(items.allSatisfy { $0["revenue"] is NSNull && $0["downloads"] is NSNull && $0["appsMakingMoney"] is NSNull })
        XCTAssertEqual(filtered.status, 403)
        XCTAssertEqual(filtered.code, "PLAN_REQUIRED")
    }
}
