import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/explore/…` (docs "Explore"; issue 26): the catalog search with the API's filters,
/// an app's profile with labelled estimates (a missing one shown as —, never 0; ranges for
/// limited plans), the chart history drawn with the rank axis inverted, Trending with the
/// snapshot's real date, Rising for full market access only, and the export.
final class ExplorePagesTests: XCTestCase {
    var f: MarketHubFixture!
    var owner: PageSession!
    let app3 = MarketHubFixture.ids([3])[0]
    static let hostile = "<script>alert(1)</script> Notes"

    override func setUpWithError() throws {
        f = try MarketHubFixture(limit: 10)
        // Given two days of the US free chart, app 3 named with markup, 3rd then 1st
        let ids = MarketHubFixture.ids(Array(1...10))
        try f.feed.script(f.path, ["entries": ids.map { $0 == app3 ? ["id": $0, "name": Self.hostile] : ["id": $0] }])
        try f.runPass()
        f.setDay(1)
        let second = MarketHubFixture.ids([3, 1, 2, 4, 5, 6, 7, 8, 9, 10])
        try f.feed.script(f.path, ["entries": second.map { $0 == app3 ? ["id": $0, "name": Self.hostile] : ["id": $0] }])
        try f.runPass()
        // And estimates for app 3: September downloads 12,000, October downloads missing in the data, October revenue
        let imported = try f.importRecords([
            MarketHubFixture.estimate("d-sep", app: 3, value: 12_000, start: "2026-09-01", end: "2026-09-30", storefront: "ww"),
            MarketHubFixture.estimate("d-oct", app: 3, value: nil, start: "2026-10-01", end: "2026-10-31", storefront: "ww"),
            [
                "id": "r-oct", "kind": "estimate", "adamId": app3, "metric": "revenue", "value": 5_000, "source": "sensor",
                "storefront": "ww", "periodStart": "2026-10-01", "periodEnd": "2026-10-31", "observedAt": "2026-11-02T00:00:00.000Z",
            ],
            ["id": "ad", "kind": "ad", "adamId": app3, "platform": "meta", "firstSeenAt": "2026-11-11T10:00:00.000Z", "active": true],
        ])
        XCTAssertEqual(imported.status, 200, imported.text)
        owner = try AdminClient(hub: f.hub).pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { f?.shutdown() }

    /// The `<tr>` of the page holding `text`.
    func row(_ page: String, containing text: String) -> String? {
        page.components(separatedBy: "<tr>").first { $0.contains(text) }
    }

    func testTrendingShowsTheSnapshotsRealDateAndAppNamesAsText() throws {
        // When the owner opens Trending
        let page = try owner.get("/dashboard/explore/trending")

        // Then the latest complete snapshot's date is shown, with the chart's apps in order
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains(#"Snapshot of <time datetime="2026-11-21">2026-11-21</time>"#), page.text)
        XCTAssertTrue(try XCTUnwrap(row(page.text, containing: ">#1<")).contains(app3))
        // And the markup in an app's name is text, never a script
        XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; Notes"))
        XCTAssertFalse(page.text.contains("<script>alert(1)"))
        // When the next day's snapshot is collected, the page shows it rather than the table drawn before
        f.setDay(2)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids([2, 1, 3, 4, 5, 6, 7, 8, 9, 10]))
        try f.runPass()
        let next = try owner.get("/dashboard/explore/trending")
        XCTAssertTrue(next.text.contains(#"Snapshot of <time datetime="2026-11-22">2026-11-22</time>"#), next.text)
        XCTAssertTrue(try XCTUnwrap(row(next.text, containing: ">#1<")).contains(MarketHubFixture.ids([2])[0]))
        // And a chart with no snapshot says so rather than showing a date
        let gb = try owner.get("/dashboard/explore/trending?storefront=gb")
        XCTAssertEqual(gb.status, 200)
        XCTAssertTrue(gb.text.contains("No complete snapshot of this chart has been collected yet."))
        XCTAssertFalse(gb.text.contains("Snapshot of"))
    }

    func testTheProfileLabelsEstimatesShowsAMissingOneAsADashAndDrawsTheChartHistory() throws {
        // When the owner opens app 3's profile
        let page = try owner.get("/dashboard/explore/apps/\(app3)")
        XCTAssertEqual(page.status, 200, page.text)

        // Then October's downloads, missing in the data, show —, never 0
        let october = try XCTUnwrap(row(page.text, containing: "Estimated downloads</td><td class=\"num\"><span class=\"missing\""))
        XCTAssertTrue(october.contains("2026-10-01 – 2026-10-31"), october)
        XCTAssertTrue(october.contains(">—<"))
        // And each estimate has its label, value, period, source and observation date
        let september = try XCTUnwrap(row(page.text, containing: "2026-09-01 – 2026-09-30"))
        XCTAssertTrue(september.contains(">12,000<"), september)
        XCTAssertTrue(september.contains("sensor · WW"))
        XCTAssertTrue(september.contains("2026-11-21"))
        XCTAssertTrue(try XCTUnwrap(row(page.text, containing: "Estimated revenue (USD)</td>")).contains("USD 5,000"))
        // And the chart history is a line chart with the rank axis inverted, from 1
        XCTAssertTrue(page.text.contains(#"aria-labelledby="history-chart-title history-chart-desc""#))
        XCTAssertTrue(page.text.contains("Ranked on 2 of 2 days, best #1, worst #3"))
        XCTAssertTrue(page.text.contains("class=\"chart-line\""))
        // And the downloads sparkline, the active ad's days and the export are there; the name is text
        XCTAssertTrue(page.text.contains("spark-downloads-title"))
        XCTAssertTrue(page.text.contains("Active ad · 10 d"))
        XCTAssertTrue(page.text.contains("/dashboard/explore/apps/\(app3)/export?format=csv"))
        XCTAssertTrue(page.text.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt; Notes</h1>"))

        // When the profile is exported as CSV
        let csv = try owner.get("/dashboard/explore/apps/\(app3)/export?format=csv")
        // Then it is the API's export, with the estimates' labels
        XCTAssertEqual(csv.status, 200)
        XCTAssertEqual(csv.header("content-type"), "text/csv; charset=utf-8")
        XCTAssertTrue(csv.text.contains("Estimated downloads"))
        XCTAssertEqual(try owner.get("/dashboard/explore/apps/424242").status, 404)
    }

    func testAStoreIDTheCatalogDoesNotHoldSaysSoAndLinksToTheAppStore() throws {
        // When the owner opens the profile of a store ID no chart or import recorded
        let page = try owner.get("/dashboard/explore/apps/999000999")

        // Then it is a 404 that says why and links to Apple's listing, inside the frame
        XCTAssertEqual(page.status, 404)
        XCTAssertTrue(page.text.contains("The market catalog has no record of this app yet."), page.text)
        XCTAssertTrue(page.text.contains("href=\"https://apps.apple.com/app/id999000999\""), page.text)
        XCTAssertTrue(page.text.contains("Sign out"))
        // And an unknown slug keeps the generic not-found page (there is no store ID to link)
        let slug = try owner.get("/dashboard/explore/apps/no-such-app")
        XCTAssertEqual(slug.status, 404)
        XCTAssertFalse(slug.text.contains("apps.apple.com"), slug.text)
    }

    func testALimitedPlanSeesRangesAndNoRising() throws {
        // Given a Pro workspace
        try f.setPlan("pro")

        // When it opens the profile and Rising
        let profile = try owner.get("/dashboard/explore/apps/\(app3)")
        let rising = try owner.get("/dashboard/explore/rising")

        // Then the estimate is a broad range, the missing one still —, and the daily allowance shows
        XCTAssertEqual(profile.status, 200, profile.text)
        XCTAssertTrue(try XCTUnwrap(row(profile.text, containing: "2026-09-01 – 2026-09-30")).contains("Range 10K-100K"))
        XCTAssertFalse(profile.text.contains("12,000"))
        XCTAssertTrue(profile.text.contains("profiles left today"))
        // And Rising is refused with the plan it needs
        XCTAssertEqual(rising.status, 403)
        XCTAssertTrue(rising.text.contains("Rising needs full market access"))
        // And the search offers no estimate filter
        let apps = try owner.get("/dashboard/explore/apps")
        XCTAssertFalse(apps.text.contains("name=\"minRevenue\""))

        // Given Studio, Rising compares the two days: app 3 rose from #3 to #1
        try f.setPlan("studio")
        let studio = try owner.get("/dashboard/explore/rising")
        XCTAssertEqual(studio.status, 200, studio.text)
        XCTAssertTrue(studio.text.contains(#"<time datetime="2026-11-20">2026-11-20</time> → <time datetime="2026-11-21">"#))
        XCTAssertTrue(try XCTUnwrap(row(studio.text, containing: app3)).contains("▲ +2"))
    }

    func testRefusedFiltersAnswer400SayingWhy() throws {
        // When the search has a negative rating and a date that is not one
        let apps = try owner.get("/dashboard/explore/apps?minRating=-1&releasedAfter=yesterday&query=notes")

        // Then the form is drawn again, 400, naming each problem and keeping what was typed
        XCTAssertEqual(apps.status, 400, apps.text)
        XCTAssertTrue(apps.text.contains("minRating must be a non-negative number"), apps.text)
        XCTAssertTrue(apps.text.contains("releasedAfter must be a YYYY-MM-DD date"))
        XCTAssertTrue(apps.text.contains(#"name="query" value="notes""#))
        // And a chart picker with a three-letter country is refused the same way
        let trending = try owner.get("/dashboard/explore/trending?storefront=usa")
        XCTAssertEqual(trending.status, 400)
        XCTAssertTrue(trending.text.contains("storefront must be a two-letter lowercase country code"))
        // And a valid search lists the matching app with a link to its profile
        let found = try owner.get("/dashboard/explore/apps?sort=name&minRating=0")
        XCTAssertEqual(found.status, 200, found.text)
        XCTAssertTrue(found.text.contains("href=\"/dashboard/explore/apps/\(app3)\""))
    }

    func testMembersReadAndOnlyManagersSeeTheWatchlistButton() throws {
        // Given a member
        let member = try AdminClient(hub: f.hub).pages(as: "member@example.com", role: .member)

        // When the member and the owner open the profile
        let asMember = try member.get("/dashboard/explore/apps/\(app3)")
        let asOwner = try owner.get("/dashboard/explore/apps/\(app3)")

        // Then both read it; only the owner may add it to the watchlist
        XCTAssertEqual(asMember.status, 200)
        XCTAssertFalse(asMember.text.contains("Add to watchlist"))
        XCTAssertTrue(asOwner.text.contains("Add to watchlist"))
        // And the sidebar has Explore and Keyword Explorer
        XCTAssertTrue(asMember.text.contains(#"href="/dashboard/explore/apps" aria-current="page""#), asMember.text)
        XCTAssertTrue(asMember.text.contains("href=\"/dashboard/aso/keywords\""))
        // And without a session the page goes to sign-in
        let anonymous = try PageSession(hub: f.hub).get("/dashboard/explore/trending")
        XCTAssertEqual(anonymous.status, 303)
        XCTAssertTrue(anonymous.header("location")?.hasPrefix("/login") == true)
    }
}
