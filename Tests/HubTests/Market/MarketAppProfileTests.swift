import Foundation
import XCTest

/// App search, profile and export over the collected catalog and imported estimates.
final class MarketAppProfileTests: XCTestCase {
    var f: MarketHubFixture!
    let app3 = MarketHubFixture.ids([3])[0]

    override func setUpWithError() throws {
        f = try MarketHubFixture(limit: 10)
        // Two days of the US free chart: app 3 at 3rd, then 1st
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...10)))
        try f.runPass()
        f.setDay(1)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids([3, 1, 2, 4, 5, 6, 7, 8, 9, 10]))
        try f.runPass()
        let imported = try f.importRecords([
            MarketHubFixture.estimate("d-sep", app: 3, value: 12_000, start: "2026-09-01", end: "2026-09-30", storefront: "ww"),
            MarketHubFixture.estimate("d-oct", app: 3, value: nil, start: "2026-10-01", end: "2026-10-31", storefront: "ww"),
            [
                "id": "r-oct", "kind": "estimate", "adamId": app3, "metric": "revenue", "value": 5_000, "source": "sensor",
                "storefront": "ww", "periodStart": "2026-10-01", "periodEnd": "2026-10-31", "observedAt": "2026-11-02T00:00:00.000Z",
            ],
            MarketHubFixture.estimate("d-5", app: 5, value: 900_000, start: "2026-10-01", end: "2026-10-31", storefront: "ww"),
            ["id": "ad", "kind": "ad", "adamId": app3, "platform": "meta", "firstSeenAt": "2026-11-11T10:00:00.000Z", "active": true],
        ])
        XCTAssertEqual(imported.status, 200, imported.text)
    }

    override func tearDown() { f?.shutdown() }

    func testTheProfileShowsListingFactsLabelledEstimatesAndChartHistory() throws {
        // When the profile is read by slug and by store ID
        let bySlug = try f.call("GET", "/market/apps/app-1000000003-1000000003")
        let byId = try f.call("GET", "/market/apps/\(app3)")

        // Then both are the same app, with what the store and the sources recorded
        XCTAssertEqual(bySlug.status, 200, bySlug.text)
        XCTAssertEqual(bySlug.json as NSDictionary, byId.json as NSDictionary)
        let listing = try XCTUnwrap(bySlug.json["listing"] as? [String: Any])
        XCTAssertEqual(listing["version"] as? String, "1.2.3")
        XCTAssertEqual(listing["contentRating"] as? String, "4+")
        let estimates = try XCTUnwrap(bySlug.json["estimates"] as? [[String: Any]])
        XCTAssertEqual(estimates.map { $0["metric"] as? String }, ["downloads", "revenue", "downloads"])
        XCTAssertTrue(estimates[0]["value"] is NSNull, "a missing estimate stays missing, not zero")
        XCTAssertEqual(estimates[0]["label"] as? String, "Estimated downloads")
        XCTAssertEqual(estimates[1]["label"] as? String, "Estimated revenue (USD)")
        XCTAssertEqual(estimates[1]["currency"] as? String, "USD")
        XCTAssertEqual(estimates[2]["value"] as? Double, 12_000)
        XCTAssertEqual(estimates[2]["source"] as? String, "sensor")
        XCTAssertEqual(estimates[2]["periodEnd"] as? String, "2026-09-30")
        XCTAssertEqual(estimates[2]["observedAt"] as? String, "2026-11-21T00:00:00.000Z")
        let history = try XCTUnwrap(bySlug.json["chartHistory"] as? [String: Any])
        XCTAssertEqual(history["chart"] as? String, "topfreeapplications")
        XCTAssertEqual((history["points"] as? [[String: Any]])?.map { $0["rank"] as? Int }, [3, 1])
        XCTAssertEqual((history["points"] as? [[String: Any]])?.map { $0["date"] as? String }, ["2026-11-20", "2026-11-21"])
        let ad = try XCTUnwrap((bySlug.json["activeAds"] as? [[String: Any]])?.first)
        XCTAssertEqual(ad["daysSinceFirstSeen"] as? Int, 10)
        let app = try XCTUnwrap(bySlug.json["app"] as? [String: Any])
        XCTAssertTrue((app["downloads"] as? [String: Any])?["value"] is NSNull, "the latest downloads estimate has no value")
        XCTAssertEqual(app["firstSeenAt"] as? String, "2026-11-20T10:00:00.000Z")
        XCTAssertEqual(try f.call("GET", "/market/apps/424242").status, 404)
        XCTAssertEqual(
            try f.call("GET", "/market/apps/\(app3)?storefront=gb").json["chartHistory"].map {
                ($0 as? [String: Any])?["points"] as? [Any]
            }??.count, 0)
    }

    func testLimitedPlansSeeRangesAndCannotFilterByEstimates() throws {
        // Given a Pro organization
        try f.setPlan("pro")

        // When it reads the profile and filters by downloads
        let profile = try f.call("GET", "/market/apps/\(app3)")
        let filtered = try f.call("GET", "/market/apps?minDownloads=1000")

        // Then values are replaced by broad ranges and the filter needs Studio
        let estimates = try XCTUnwrap(profile.json["estimates"] as? [[String: Any]])
        XCTAssertTrue(estimates[2]["value"] is NSNull)
        XCTAssertEqual(estimates[2]["range"] as? String, "10K-100K")
        XCTAssertTrue(estimates[0]["range"] is NSNull, "no value, no range")
        XCTAssertEqual(filtered.status, 403)
        XCTAssertEqual(filtered.code, "PLAN_REQUIRED")
    }

    func testLimitedPlansHaveTenProfilesADayCountingMissingOnes() throws {
        // Given a Free organization that has read nine profiles and asked for one that does not exist
        try f.setPlan("free")
        for _ in 1...9 { XCTAssertEqual(try f.call("GET", "/market/apps/\(app3)").status, 200) }
        XCTAssertEqual(try f.call("GET", "/market/apps/no-such-app").status, 404)

        // When it reads an eleventh
        let over = try f.call("GET", "/market/apps/\(app3)")

        // Then the allowance is spent until midnight UTC, and the next day it is back
        XCTAssertEqual(over.status, 429)
        XCTAssertEqual(over.code, "DAILY_APP_LIMIT")
        XCTAssertEqual(over.headers.first { $0.0.lowercased() == "retry-after" }?.1, "50400", "until midnight UTC")
        f.setDay(2)
        let tomorrow = try f.call("GET", "/market/apps/\(app3)")
        XCTAssertEqual(tomorrow.status, 200)
        XCTAssertEqual((tomorrow.json["daily"] as? [String: Any])?["remaining"] as? Int, 9)
        XCTAssertEqual((tomorrow.json["daily"] as? [String: Any])?["resetsAt"] as? String, "2026-11-23T00:00:00.000Z")
    }

    func testSearchFiltersAndSortsWithMissingEstimatesLast() throws {
        // When apps are searched by name, by chart, and sorted by downloads
        let byName = try f.call("GET", "/market/apps?query=1000000003")
        let inChart = try f.call("GET", "/market/apps?storefront=us&chart=topfreeapplications&limit=50")
        let byDownloads = try f.call("GET", "/market/apps?sort=downloads&limit=3")
        let atLeast = try f.call("GET", "/market/apps?minDownloads=100000")
        let bad = try f.call("GET", "/market/apps?sort=hype&releasedAfter=yesterday&limit=0")

        // Then each answers what was recorded
        XCTAssertEqual(byName.items.map { $0["adamId"] as? String }, [app3])
        XCTAssertEqual(inChart.items.count, 10)
        XCTAssertEqual(byDownloads.items.first?["adamId"] as? String, MarketHubFixture.ids([5])[0])
        XCTAssertEqual(byDownloads.json["nextOffset"] as? Int, 3)
        XCTAssertEqual(atLeast.items.map { $0["adamId"] as? String }, MarketHubFixture.ids([5]))
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(Set(bad.fields.keys), ["sort", "releasedAfter", "limit"])
    }

    func testExportAsCSVKeepsLabelsSourcesAndPeriods() throws {
        // When the profile is exported as CSV and JSON
        let csv = try f.call("GET", "/market/apps/\(app3)/export?format=csv")
        let json = try f.call("GET", "/market/apps/\(app3)/export?format=json")

        // Then the CSV carries each estimate with its label and period, a missing value empty
        XCTAssertEqual(csv.status, 200)
        XCTAssertEqual(csv.header("content-type"), "text/csv; charset=utf-8")
        XCTAssertEqual(csv.header("content-disposition"), "attachment; filename=\"app-1000000003-1000000003.csv\"")
        let lines = csv.text.components(separatedBy: "\r\n")
        XCTAssertEqual(lines.first, MarketProfileCSVHeader.value)
        XCTAssertTrue(lines.contains("estimate,downloads,,Estimated downloads,sensor,ww,2026-10-01,2026-10-31,2026-11-21T00:00:00.000Z"))
        XCTAssertTrue(
            lines.contains("estimate,downloads,12000.0,Estimated downloads,sensor,ww,2026-09-01,2026-09-30,2026-11-21T00:00:00.000Z"))
        XCTAssertTrue(lines.contains("chart,2026-11-21,1,us topfreeapplications rank,,us,,,"))
        XCTAssertEqual(json.status, 200)
        XCTAssertEqual((json.json["estimates"] as? [Any])?.count, 3)
        XCTAssertEqual(try f.call("GET", "/market/apps/\(app3)/export?format=xml").status, 400)
    }
}

/// The CSV header the export promises.
enum MarketProfileCSVHeader {
    static let value = "section,field,value,label,source,storefront,periodStart,periodEnd,observedAt"
}
