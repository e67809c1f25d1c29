import Foundation
import XCTest

/// The organization's watchlist and its plan allowances (Free 0, Pro 5, Studio 50,
/// self-hosted unlimited), through the operator API.
final class MarketWatchlistTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws {
        f = try MarketHubFixture(limit: 60)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(Array(1...60)))
        try f.runPass()
    }

    override func tearDown() { f?.shutdown() }

    func watch(_ app: Int, note: String? = nil) throws -> HubReply {
        try f.call("PUT", "/market/watchlist/\(MarketHubFixture.ids([app])[0])", json: note.map { ["note": $0] })
    }

    func testProAllowsFiveAppsAndRepeatingAnAddCreatesNoDuplicate() throws {
        // Given a Pro organization watching five apps
        try f.setPlan("pro")
        for app in 1...5 { XCTAssertEqual(try watch(app, note: app == 1 ? "check onboarding" : nil).status, 201) }

        // When it adds the first again without a note, then a sixth
        let again = try watch(1)
        let sixth = try watch(6)

        // Then the repeat keeps the note and the sixth is refused
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.json["note"] as? String, "check onboarding")
        XCTAssertEqual(sixth.status, 409)
        XCTAssertEqual(sixth.code, "WATCHLIST_LIMIT")
        let list = try f.call("GET", "/market/watchlist")
        XCTAssertEqual(list.items.count, 5)
        XCTAssertEqual(list.json["allowance"] as? Int, 5)
        XCTAssertEqual(list.items.first?["name"] as? String, "App 1000000001")

        // And after a removal there is room again; removing twice changes nothing else
        XCTAssertEqual(try f.call("DELETE", "/market/watchlist/\(MarketHubFixture.ids([2])[0])").json["removed"] as? Bool, true)
        XCTAssertEqual(try f.call("DELETE", "/market/watchlist/\(MarketHubFixture.ids([2])[0])").json["removed"] as? Bool, false)
        XCTAssertEqual(try watch(6).status, 201)
        XCTAssertEqual(try f.call("GET", "/market/watchlist").items.count, 5)
    }

    func testFreeHasNoWatchlistAndStudioStopsAtFifty() throws {
        // Given a Free organization
        try f.setPlan("free")
        let free = try watch(1)
        XCTAssertEqual(free.status, 403)
        XCTAssertEqual(free.code, "PLAN_REQUIRED")

        // When it becomes Studio and watches 51 apps
        try f.setPlan("studio")
        for app in 1...50 { XCTAssertEqual(try watch(app).status, 201) }
        let over = try watch(51)

        // Then the 51st is refused
        XCTAssertEqual(over.status, 409)
        XCTAssertEqual(over.code, "WATCHLIST_LIMIT")
    }

    func testSelfHostedHasNoLimitAndUnknownAppsAreNotFound() throws {
        // Given the default self-hosted plan
        for app in 1...55 { XCTAssertEqual(try watch(app).status, 201) }

        // Then the list is unbounded, and an app the catalog does not hold is 404
        let list = try f.call("GET", "/market/watchlist")
        XCTAssertEqual(list.items.count, 55)
        XCTAssertTrue(list.json["allowance"] is NSNull)
        XCTAssertEqual(try f.call("PUT", "/market/watchlist/999").status, 404)
        XCTAssertEqual(try f.call("PUT", "/market/watchlist/abc").status, 404)
    }
}
