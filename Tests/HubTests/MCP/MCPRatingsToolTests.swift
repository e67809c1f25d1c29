import Foundation
import XCTest

@testable import IngestService

/// `get_ratings` (issue 21: rating count and average per territory from the App Store lookup,
/// with history from the hub's own daily observations): one observation per app, country and
/// UTC day, recorded by the call or by the daily `aso-ranks` pass; missing values stay null.
final class MCPRatingsToolTests: XCTestCase {
    var f: MCPFixture!
    var appId: String!
    let adamId = "1000000042"

    override func setUpWithError() throws {
        f = try MCPFixture(environment: ["APPNORTH_ASO_INTERVAL_S": "0", "APPNORTH_ASO_CALLS_PER_MIN": "0"], apps: 3)
        try f.hub.startDaemon(.asod)
        appId = try f.createProject(name: "Trails", appStoreId: adamId)
    }

    override func tearDown() { f?.shutdown() }

    /// asod's lookups of the app (marketd's catalog lookups ask for other IDs).
    func lookups() throws -> Int { try f.market.feed.log().filter { $0.path.hasPrefix("/lookup?id=\(adamId)&") }.count }

    func items(_ result: MCPToolResult) -> [[String: Any]] { result.structured["items"] as? [[String: Any]] ?? [] }

    func testTodaysValueIsObservedOnceADayAndTheHistoryHoldsOnlyObservedDays() throws {
        // Given Apple's lookup: 120 ratings averaging 4.5 in us, and no rating at all in gb
        try f.market.feed.lookup(adamId, country: "us", fields: ["userRatingCount": 120, "averageUserRating": 4.5])
        try f.market.feed.lookup(adamId, country: "gb", fields: ["userRatingCount": NSNull(), "averageUserRating": NSNull()])
        // When the ratings are read for us and gb
        let first = try f.call("get_ratings", ["app_id": appId!, "countries": ["us", "gb"]])
        // Then each country has today's observation, in the order asked; gb's values are null, not zero
        XCTAssertFalse(first.isError, "\(first.structured)")
        XCTAssertEqual(first.structured["source"] as? String, "itunes-lookup")
        XCTAssertEqual(first.structured["period"] as? [String: String], ["from": "2026-10-22", "to": "2026-11-20"])
        let us = items(first)[0]
        let gb = items(first)[1]
        XCTAssertEqual(items(first).compactMap { $0["country"] as? String }, ["us", "gb"])
        XCTAssertEqual(us["status"] as? String, "ok")
        XCTAssertEqual((us["current"] as? [String: Any])?["ratingCount"] as? Int, 120)
        XCTAssertEqual((us["current"] as? [String: Any])?["averageRating"] as? Double, 4.5)
        XCTAssertEqual((us["current"] as? [String: Any])?["day"] as? String, "2026-11-20")
        XCTAssertTrue((gb["current"] as? [String: Any])?["ratingCount"] is NSNull)
        XCTAssertTrue((gb["current"] as? [String: Any])?["averageRating"] is NSNull)
        XCTAssertEqual(try lookups(), 2)
        // When Apple's count changes the same day and the ratings are read again
        try f.market.feed.lookup(adamId, country: "us", fields: ["userRatingCount": 130, "averageUserRating": 4.4])
        let again = try f.call("get_ratings", ["app_id": appId!, "countries": ["us"]])
        // Then the day's first observation answers, without asking Apple again
        XCTAssertEqual((items(again)[0]["current"] as? [String: Any])?["ratingCount"] as? Int, 120)
        XCTAssertEqual(try lookups(), 2)
        // When the next day's aso-ranks pass runs, with no tracked keyword, and a day later nothing runs
        f.market.setDay(1)
        XCTAssertEqual(try f.call("POST", "/jobs/aso-ranks/run").status, 200)
        XCTAssertEqual(try lookups(), 4, "the pass observes both countries asked for before")
        f.market.setDay(3)
        try f.market.feed.lookup(adamId, country: "us", fields: ["userRatingCount": 150, "averageUserRating": 4.3])
        // And the ratings are read without countries on day 4
        let later = try f.call("get_ratings", ["app_id": appId!, "days": 7])
        // Then the countries followed answer, with the days observed newest first and day 3 absent
        XCTAssertEqual(items(later).compactMap { $0["country"] as? String }, ["gb", "us"])
        let history = try XCTUnwrap(items(later)[1]["history"] as? [[String: Any]])
        XCTAssertEqual(history.compactMap { $0["day"] as? String }, ["2026-11-23", "2026-11-21", "2026-11-20"])
        XCTAssertEqual(history.compactMap { $0["ratingCount"] as? Int }, [150, 130, 120])
        // And a one-day period holds only today
        let today = try f.call("get_ratings", ["app_id": appId!, "countries": ["us"], "days": 1])
        XCTAssertEqual((items(today)[0]["history"] as? [[String: Any]])?.count, 1)
    }

    func testAnUnreadableProviderKeepsWhatWasObservedAndNeverInventsAValue() throws {
        // Given us observed on day 1, and Apple not listing the app in fr
        try f.market.feed.lookup(adamId, country: "us", fields: ["userRatingCount": 120, "averageUserRating": 4.5])
        try f.market.feed.lookup(adamId, country: "fr", fields: nil)
        let listed = try f.call("get_ratings", ["app_id": appId!, "countries": ["us", "fr"]])
        XCTAssertEqual(items(listed)[1]["status"] as? String, "not_found")
        XCTAssertTrue(items(listed)[1]["current"] is NSNull)
        // When Apple's lookup fails on day 2
        f.market.setDay(1)
        try f.market.feed.script("/lookup", ["status": 503])
        let failing = try f.call("get_ratings", ["app_id": appId!, "countries": ["us"]])
        // Then us says unavailable with no current value, and day 1 stays in its history
        XCTAssertEqual(items(failing)[0]["status"] as? String, "unavailable")
        XCTAssertTrue(items(failing)[0]["current"] is NSNull)
        XCTAssertEqual((items(failing)[0]["history"] as? [[String: Any]])?.compactMap { $0["ratingCount"] as? Int }, [120])
        // And a country never observed is MARKET_UNAVAILABLE rather than an empty answer
        let unknown = try f.call("get_ratings", ["app_id": appId!, "countries": ["de"]])
        XCTAssertEqual(unknown.errorCode, "MARKET_UNAVAILABLE")
    }

    func testArgumentsAreRefusedOnTheFarSideOfEachLimit() throws {
        // Given ten supported countries and an eleventh
        let ten = ["us", "gb", "de", "fr", "es", "it", "jp", "br", "ca", "au"]
        // Then ten are read and eleven are -32602; 365 days are accepted and 366 are not
        XCTAssertEqual(items(try f.call("get_ratings", ["app_id": appId!, "countries": ten])).count, 10)
        XCTAssertEqual(try f.refusal("get_ratings", ["app_id": appId!, "countries": ten + ["mx"]]), -32602)
        XCTAssertFalse(try f.call("get_ratings", ["app_id": appId!, "countries": ["us"], "days": 365]).isError)
        XCTAssertEqual(try f.refusal("get_ratings", ["app_id": appId!, "countries": ["us"], "days": 366]), -32602)
        // And a country the App Store lacks, an app without App Store ID and another organization's app are tool errors
        XCTAssertEqual(try f.call("get_ratings", ["app_id": appId!, "countries": ["zz"]]).errorCode, "INVALID_INPUT")
        let unlinked = try f.createProject(name: "Draft")
        XCTAssertEqual(try f.call("get_ratings", ["app_id": unlinked]).errorCode, "INVALID_INPUT")
        XCTAssertEqual(try f.call("get_ratings", ["app_id": "no-such-app"]).errorCode, "NOT_FOUND")
    }
}
