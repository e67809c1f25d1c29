import Foundation
import XCTest

@testable import IngestService

/// The market tools over imported records (`market_list_app_ads`, `market_list_social_posts`)
/// and the seed's tools for data the hub does not hold (screens, flow screens, screen images,
/// videos, articles), which answer `MARKET_UNAVAILABLE` or `MEDIA_UNAVAILABLE`.
final class MCPMarketRecordToolsTests: XCTestCase {
    var f: MCPFixture!

    override func setUpWithError() throws { f = try MCPFixture(apps: 3) }
    override func tearDown() { f?.shutdown() }

    func app(_ n: Int) -> String { MarketHubFixture.ids([n])[0] }

    func ids(_ result: MCPFixture.ToolResult) -> [String] {
        (result.structured["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    func importAdsAndPosts() throws {
        let reply = try f.market.importRecords([
            ["id": "ad-old", "kind": "ad", "adamId": app(1), "platform": "meta", "firstSeenAt": "2026-11-01T08:00:00Z", "active": true],
            ["id": "ad-new", "kind": "ad", "adamId": app(1), "platform": "tiktok", "firstSeenAt": "2026-11-10T08:00:00Z", "active": true],
            ["id": "ad-off", "kind": "ad", "adamId": app(1), "platform": "meta", "firstSeenAt": "2026-11-05T08:00:00Z", "active": false],
            ["id": "ad-other", "kind": "ad", "adamId": app(2), "platform": "meta", "active": true],
            [
                "id": "post-seen", "kind": "social_post", "adamId": app(1), "platform": "tiktok", "publishedAt": "2026-11-01T08:00:00Z",
                "available": true, "views": 5000,
            ],
            [
                "id": "post-late", "kind": "social_post", "adamId": app(1), "platform": "instagram", "publishedAt": "2026-11-12T08:00:00Z",
                "available": true,
            ],
            [
                "id": "post-gone", "kind": "social_post", "adamId": app(1), "platform": "tiktok", "publishedAt": "2026-11-13T08:00:00Z",
                "available": false, "views": 90000,
            ],
        ])
        XCTAssertEqual(reply.status, 200, reply.text)
    }

    func testAnAppsAdsComeNewestFirstWithTheirFilters() throws {
        // Given three ads of app 1 (one inactive) and one of app 2, and a self-hosted organization
        try importAdsAndPosts()
        try f.market.setPlan("selfhosted")
        // When app 1's ads are listed, two a page, active only, and on one platform
        let page = try f.call("market_list_app_ads", ["slug": app(1), "limit": 2])
        let next = try f.call("market_list_app_ads", ["slug": app(1), "limit": 2, "offset": 2])
        let active = try f.call("market_list_app_ads", ["slug": app(1), "activeOnly": true])
        let meta = try f.call("market_list_app_ads", ["slug": app(1), "platform": "meta"])
        // Then they come most recently first seen first, paged, and filtered
        XCTAssertFalse(page.isError, "\(page.structured)")
        XCTAssertEqual(ids(page), ["ad-new", "ad-off"])
        XCTAssertEqual(page.structured["nextOffset"] as? Int, 2)
        XCTAssertEqual(ids(next), ["ad-old"])
        XCTAssertTrue(next.structured["nextOffset"] is NSNull)
        XCTAssertEqual(ids(active), ["ad-new", "ad-old"])
        XCTAssertEqual(ids(meta), ["ad-off", "ad-old"])
        XCTAssertEqual((page.structured["app"] as? [String: Any])?["adamId"] as? String, app(1))
        // And an app with no ad is an empty page, an unknown one NOT_FOUND
        XCTAssertEqual(ids(try f.call("market_list_app_ads", ["slug": app(3)])), [])
        XCTAssertEqual(try f.call("market_list_app_ads", ["slug": "no-such-app"]).errorCode, "NOT_FOUND")
        // And Pro is refused before anything is read
        try f.market.setPlan("pro")
        XCTAssertEqual(try f.call("market_list_app_ads", ["slug": app(1)]).errorCode, "PLAN_REQUIRED")
    }

    func testOnlyAvailablePostsAreListedByRecencyOrViews() throws {
        // Given three posts of app 1, the most viewed no longer available
        try importAdsAndPosts()
        try f.market.setPlan("selfhosted")
        // When they are listed by recency, by views, and on one platform
        let recent = try f.call("market_list_social_posts", ["slug": app(1)])
        let views = try f.call("market_list_social_posts", ["slug": app(1), "sort": "views"])
        let tiktok = try f.call("market_list_social_posts", ["slug": app(1), "platform": "tiktok"])
        // Then the unavailable post is never listed, and a post without a count has null views, listed last by views
        XCTAssertEqual(ids(recent), ["post-late", "post-seen"])
        XCTAssertEqual(ids(views), ["post-seen", "post-late"])
        XCTAssertTrue((views.structured["items"] as? [[String: Any]])?.last?["views"] is NSNull)
        XCTAssertEqual(ids(tiktok), ["post-seen"])
        // And a source filter is MARKET_UNAVAILABLE: imported posts record none
        XCTAssertEqual(try f.call("market_list_social_posts", ["slug": app(1), "source": "creator"]).errorCode, "MARKET_UNAVAILABLE")
        // And Free is refused
        try f.market.setPlan("free")
        XCTAssertEqual(try f.call("market_list_social_posts", ["slug": app(1)]).errorCode, "PLAN_REQUIRED")
    }

    func testToolsForDataTheHubDoesNotHoldSaySoAndCostNothingOnPro() throws {
        let calls: [(String, [String: Any], String)] = [
            ("market_search_screens", ["query": "paywall"], "MARKET_UNAVAILABLE"),
            ("market_list_flow_screens", ["flowId": "flow-1"], "MARKET_UNAVAILABLE"),
            ("market_get_screen_image", ["screenId": "screen-1"], "MEDIA_UNAVAILABLE"),
            ("market_get_video_chapters", ["slug": app(1)], "MARKET_UNAVAILABLE"),
            ("market_list_articles", [:], "MARKET_UNAVAILABLE"),
            ("market_get_article", ["slug": "how-calm-converts"], "MARKET_UNAVAILABLE"),
        ]
        // Given a Studio organization with 10 credits
        f.shutdown()
        f = try MCPFixture(environment: ["APPNORTH_STUDIO_MONTHLY_CREDITS": "10"], apps: 3)
        try f.market.setPlan("studio")
        // When each tool is called
        for (tool, arguments, code) in calls {
            let result = try f.call(tool, arguments)
            // Then it answers its unavailable code, never an empty result
            XCTAssertTrue(result.isError, tool)
            XCTAssertEqual(result.errorCode, code, tool)
        }
        // And each admitted call kept its credit, as a failed read does
        let credits = try f.call("market_compare_apps", ["slugs": [app(1), app(2)]]).structured["credits"] as? [String: Any]
        XCTAssertEqual(credits?["used"] as? Int, 7)
        // And on Pro each is PLAN_REQUIRED studio
        try f.market.setPlan("pro")
        for (tool, arguments, _) in calls {
            XCTAssertEqual(try f.call(tool, arguments).errorCode, "PLAN_REQUIRED", tool)
        }
    }
}
