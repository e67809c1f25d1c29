import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// The Explore lists (docs "Explore", "AppTracker"; issue 26): the watchlist with the plan's
/// allowance, changed by owners and admins only; favorites in folders, edited by every member;
/// AppTracker's periods, filters, plan gate and the 2,000-event notice; Publishers and a studio.
final class ExploreListPagesTests: XCTestCase {
    var f: MarketHubFixture!
    var owner: PageSession!
    var member: PageSession!
    let app1 = MarketHubFixture.ids([1])[0]

    override func setUpWithError() throws {
        f = try MarketHubFixture(limit: 10)
        // Given one day of the US free chart, app 1 named with markup
        let ids = MarketHubFixture.ids(Array(1...10))
        try f.feed.script(f.path, ["entries": ids.map { $0 == app1 ? ["id": $0, "name": "<i>Tracked</i>"] : ["id": $0] }])
        try f.runPass()
        let admin = AdminClient(hub: f.hub)
        owner = try admin.pages(as: "owner@example.com", role: .owner)
        member = try admin.pages(as: "member@example.com", role: .member)
        _ = try member.get("/dashboard/explore/watchlist")
    }

    override func tearDown() { f?.shutdown() }

    func testTheWatchlistShowsThePlansAllowanceAndOnlyManagersChangeIt() throws {
        // Given a Pro workspace (five apps)
        try f.setPlan("pro")
        XCTAssertTrue(try owner.get("/dashboard/explore/watchlist").text.contains("0 of 5 watched apps on this plan."))

        // When the owner adds app 1 from its profile
        let added = try owner.post("/dashboard/explore/watchlist", [("adamId", app1)])

        // Then it is watched, its name shown as text, and the member cannot add or remove
        XCTAssertEqual(added.status, 303, added.text)
        XCTAssertEqual(added.header("location"), "/dashboard/explore/apps/\(app1)?done=watched")
        let list = try member.get("/dashboard/explore/watchlist")
        XCTAssertTrue(list.text.contains("1 of 5 watched apps on this plan."), list.text)
        XCTAssertTrue(list.text.contains("&lt;i&gt;Tracked&lt;/i&gt;"))
        XCTAssertFalse(list.text.contains("/remove\""))
        XCTAssertEqual(try member.post("/dashboard/explore/watchlist", [("adamId", MarketHubFixture.ids([2])[0])]).status, 403)
        XCTAssertEqual(try member.post("/dashboard/explore/watchlist/\(app1)/remove").status, 403)
        // And the owner removes it
        XCTAssertEqual(try owner.post("/dashboard/explore/watchlist/\(app1)/remove").status, 303)
        XCTAssertTrue(try owner.get("/dashboard/explore/watchlist").text.contains("0 of 5 watched apps"))
        // And a Free workspace has no allowance
        try f.setPlan("free")
        XCTAssertTrue(try owner.get("/dashboard/explore/watchlist").text.contains("The current plan has no watchlist allowance"))
    }

    func testMembersSaveFavoritesIntoFoldersAndDeletingAFolderKeepsItsApps() throws {
        // When the member saves app 1 and adds a folder
        let saved = try member.post("/dashboard/explore/favorites", [("adamId", app1)])
        XCTAssertEqual(saved.status, 303, saved.text)
        let created = try member.post("/dashboard/explore/favorite-folders", [("name", "Rivals")])
        XCTAssertEqual(created.status, 303, created.text)
        let folder = try XCTUnwrap(created.header("location")?.components(separatedBy: "/").last?.components(separatedBy: "?").first)

        // And moves the app into it
        XCTAssertEqual(try member.post("/dashboard/explore/favorites", [("adamId", app1), ("folderId", folder)]).status, 303)

        // Then the folder lists it and All still does
        let inFolder = try member.get("/dashboard/explore/favorites/apps/\(folder)")
        XCTAssertEqual(inFolder.status, 200)
        XCTAssertTrue(inFolder.text.contains("<h1>Favorites: Rivals</h1>"), inFolder.text)
        // by the catalog's name (escaped), and an app the catalog does not hold by its store ID
        XCTAssertTrue(inFolder.text.contains("&lt;i&gt;Tracked&lt;/i&gt;</a>"), inFolder.text)
        XCTAssertEqual(try member.post("/dashboard/explore/favorites", [("adamId", "999000999")]).status, 303)
        let everything = try member.get("/dashboard/explore/favorites/apps/all").text
        XCTAssertTrue(everything.contains("&lt;i&gt;Tracked&lt;/i&gt;</a>"), everything)
        XCTAssertTrue(everything.contains(">App 999000999</a>"), everything)
        // When the folder is deleted, the app stays in All
        XCTAssertEqual(try member.post("/dashboard/explore/favorite-folders/\(folder)/delete").status, 303)
        let all = try member.get("/dashboard/explore/favorites/apps/all?done=folder-deleted")
        XCTAssertTrue(all.text.contains("&lt;i&gt;Tracked&lt;/i&gt;</a>"), all.text)
        XCTAssertFalse(all.text.contains("Rivals"))
        XCTAssertEqual(try member.get("/dashboard/explore/favorites/apps/\(folder)").status, 404)
    }

    func testAppTrackerPeriodsGateAndTheTwoThousandEventNotice() throws {
        // Given app 1 watched with 2,000 ads first seen in the period
        XCTAssertEqual(try f.call("PUT", "/market/watchlist/\(app1)").status, 201)
        let ads: [[String: Any]] = (0..<2_000).map { i in
            [
                "id": "ad-\(i)", "kind": "ad", "adamId": app1, "platform": "meta", "active": true,
                "firstSeenAt": ISOTime.format(MarketHubFixture.day1.addingTimeInterval(-Double(i) * 60)),
            ]
        }
        XCTAssertEqual(try f.importRecords(ads).json["imported"] as? Int, 2_000)

        // When the timeline is read for 30 days: 2,000 events, no notice
        let full = try member.get("/dashboard/explore/tracker")
        XCTAssertEqual(full.status, 200, full.text)
        XCTAssertTrue(full.text.contains(#"<option value="30" selected>30d</option>"#), full.text)
        XCTAssertEqual(full.text.components(separatedBy: "Ad first seen on meta").count - 1, 2_000)
        XCTAssertFalse(full.text.contains("older activity in this period is omitted"))
        XCTAssertTrue(full.text.contains("&lt;i&gt;Tracked&lt;/i&gt;"))
        // And the app filter lists the watched app
        XCTAssertTrue(full.text.contains("<option value=\"\(app1)\">&lt;i&gt;Tracked&lt;/i&gt;</option>"))

        // Given one ad more: 2,001 events
        XCTAssertEqual(
            try f.importRecords([
                [
                    "id": "ad-x", "kind": "ad", "adamId": app1, "platform": "meta", "active": true,
                    "firstSeenAt": ISOTime.format(MarketHubFixture.day1),
                ]
            ]).status, 200)
        // Then the newest 2,000 are shown with the notice
        let bounded = try member.get("/dashboard/explore/tracker?days=30&adamId=\(app1)&type=ads")
        XCTAssertEqual(bounded.text.components(separatedBy: "Ad first seen on meta").count - 1, 2_000)
        XCTAssertTrue(bounded.text.contains("Showing the 2000 most recent events; older activity in this period is omitted."))

        // And 7 and 90 days are periods, 14 is refused saying why
        XCTAssertEqual(try member.get("/dashboard/explore/tracker?days=7").status, 200)
        XCTAssertEqual(try member.get("/dashboard/explore/tracker?days=90").status, 200)
        let refused = try member.get("/dashboard/explore/tracker?days=14")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("days must be 7, 30 or 90"))
        // And Pro sees the gate
        try f.setPlan("pro")
        let gated = try member.get("/dashboard/explore/tracker")
        XCTAssertEqual(gated.status, 403)
        XCTAssertTrue(gated.text.contains("AppTracker needs full market access"))
    }

    func testPublishersListStudiosAndOpenOne() throws {
        // When the member opens Publishers
        let list = try member.get("/dashboard/explore/publishers?sort=apps")

        // Then studios are listed with links to their page
        XCTAssertEqual(list.status, 200, list.text)
        let link = try XCTUnwrap(
            list.text.range(of: #"href="/dashboard/explore/publishers/studio\?key=[^"]+""#, options: .regularExpression))
        let href = String(list.text[link].dropFirst(6).dropLast()).replacingOccurrences(of: "&amp;", with: "&")
        let studio = try member.get(href)
        XCTAssertEqual(studio.status, 200, studio.text)
        XCTAssertTrue(studio.text.contains("not a verified ownership record"))
        XCTAssertTrue(studio.text.contains("href=\"/dashboard/explore/apps/"))
        // And a refused filter says why; an unknown studio is 404
        let refused = try member.get("/dashboard/explore/publishers?minApps=0")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("minApps must be an integer 1-100000"), refused.text)
        XCTAssertEqual(try member.get("/dashboard/explore/publishers/studio?key=nobody").status, 404)
    }
}
