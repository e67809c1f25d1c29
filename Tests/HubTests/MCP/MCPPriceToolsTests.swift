import Foundation
import XCTest

@testable import HubStore
@testable import IngestService

/// `suggest_localized_prices` and `schedule_price_changes` against the fake App Store Connect: a
/// suggestion is a read a read token may make and stores nothing; a schedule previews each
/// territory's current and chosen point and records a price job only with dry_run=false and
/// confirm=true from a write token of an owner or admin, which the prices worker then writes.
final class MCPPriceToolsTests: XCTestCase {
    private var f: ASCFixture!
    private var appId: String!

    override func setUpWithError() throws {
        let app: [String: Any] = [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "subscriptionGroups": [
                [
                    "id": "g1",
                    "subscriptions": [
                        [
                            "id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly",
                            "currentPoints": ["USA": "usa-399", "GBR": "gbr-349", "IND": "ind-100"],
                        ]
                    ],
                ]
            ],
            "inAppPurchases": [["id": "iap1", "name": "Offline pack", "productId": "com.example.trails.offline"]],
        ]
        // Apple's points: USA in dollars, Britain in pounds, India in rupees; Japan offered none.
        let usa = [["usa-299", "2.99", "2.09"], ["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]]
        let gbr = [["gbr-299", "2.99", "2.09"], ["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]]
        let ind = (1...40).map { ["ind-\($0 * 10)", "\($0 * 10)", "\($0 * 7)"] }
        f = try ASCFixture(apps: [app], environment: ["APPNORTH_PRICES_INTERVAL_S": "0"])
        try f.controlPost(
            "/__control/state",
            [
                "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": f.key.publicKeyPEM]], "apps": [app],
                "pricePoints": ["sub1": ["USA": usa, "GBR": gbr, "IND": ind], "iap1": ["USA": usa, "GBR": gbr]],
            ])
        appId = try XCTUnwrap(f.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { f?.shutdown() }

    /// Rows of asod's stored price previews and jobs.
    private func stored() throws -> (previews: Int, jobs: Int) {
        let db = try SQLiteDatabase(path: f.hub.dataDirectory + "/asod.sqlite")
        let previews = try db.queryOne("SELECT count(*) AS n FROM price_previews", [])?.int("n") ?? -1
        let jobs = try db.queryOne("SELECT count(*) AS n FROM price_jobs", [])?.int("n") ?? -1
        return (previews, jobs)
    }

    /// `count` distinct three-letter territory codes (AAA, AAB, …), most of them unknown to the dataset and to Apple.
    private static func territories(_ count: Int) -> [String] {
        (0..<count).map { (i: Int) -> String in
            let letters: [Int] = [i / 676, i / 26 % 26, i % 26]
            return String(letters.map { (n: Int) -> Character in Character(UnicodeScalar(UInt8(65 + n))) })
        }
    }

    private func writes() throws -> Int {
        try f.log().filter { $0["method"] as? String == "POST" && ($0["path"] as? String) == "/v1/subscriptionPrices" }.count
    }

    private func proposals(_ result: MCPToolResult) -> [String: [String: Any]] {
        let items = (result.structured["suggestion"] as? [String: Any])?["proposals"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0["territory"] as? String ?? "", $0) })
    }

    func testASuggestionIsAReadForAReadTokenWithItsSourceAndStoresNothing() throws {
        // Given a read token, which the operator API's preview route (a POST that stores) refuses
        let read = try f.createToken(name: "reader", scope: "read")
        let route = try f.call(
            "POST", "/projects/\(appId!)/prices/preview",
            json: ["productId": "sub1", "kind": "subscription", "territories": ["GBR"], "strategy": "purchasing_power"], token: read)
        XCTAssertEqual(route.status, 403, route.text)
        // When it asks without a product
        let listed = try f.call("suggest_localized_prices", ["app_id": appId!], token: read)
        // Then it gets the app's priced products and no suggestion
        XCTAssertFalse(listed.isError, "\(listed.structured)")
        XCTAssertEqual((listed.structured["products"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["sub1", "iap1"])
        XCTAssertTrue(listed.structured["suggestion"] is NSNull)
        // When it asks for the subscription from 4.99 USD by purchasing power
        let result = try f.call(
            "suggest_localized_prices",
            ["app_id": appId!, "product_id": "sub1", "territories": ["GBR", "IND", "JPN"], "base_price": 4.99], token: read)
        XCTAssertFalse(result.isError, "\(result.structured)")
        // Then each territory has Apple's point with the current one beside it, and the dataset named and dated
        let byTerritory = proposals(result)
        XCTAssertEqual((byTerritory["USA"]?["point"] as? [String: Any])?["id"] as? String, "usa-499")
        XCTAssertEqual((byTerritory["GBR"]?["point"] as? [String: Any])?["id"] as? String, "gbr-399")
        XCTAssertEqual((byTerritory["GBR"]?["current"] as? [String: Any])?["pointId"] as? String, "gbr-349")
        XCTAssertEqual(((byTerritory["GBR"]?["current"] as? [String: Any])?["customerPrice"] as? NSNumber)?.doubleValue, 3.49)
        XCTAssertEqual((byTerritory["IND"]?["point"] as? [String: Any])?["id"] as? String, "ind-190")
        XCTAssertEqual(byTerritory["GBR"]?["sourceDate"] as? String, "2026-01-01")
        let suggestion = try XCTUnwrap(result.structured["suggestion"] as? [String: Any])
        XCTAssertEqual((suggestion["source"] as? [String: Any])?["releaseDate"] as? String, "2026-01-01")
        // And a territory Apple offers no point in has no point and no current price: null, never a guessed 0
        XCTAssertEqual(byTerritory["JPN"]?["status"] as? String, "no_price_point")
        XCTAssertTrue(byTerritory["JPN"]?["point"] is NSNull)
        XCTAssertTrue(byTerritory["JPN"]?["current"] is NSNull)
        // And nothing was stored
        XCTAssertEqual(try stored().previews, 0)
    }

    func testSuggestionArgumentsKeepTheOperatorAPIsChecks() throws {
        // Then 175 territories are accepted and 176 are refused before the tool runs
        let codes = Self.territories(176)
        let most = try f.call(
            "suggest_localized_prices",
            ["app_id": appId!, "product_id": "sub1", "territories": Array(codes.prefix(175)), "base_price": 4.99])
        XCTAssertFalse(most.isError, "\(most.structured)")
        XCTAssertEqual(try f.refusal("suggest_localized_prices", ["app_id": appId!, "product_id": "sub1", "territories": codes]), -32602)
        // And a missing territory list, a bad multiplier, an unknown product and an app not imported are tool errors
        XCTAssertEqual(try f.call("suggest_localized_prices", ["app_id": appId!, "product_id": "sub1"]).errorCode, "INVALID_INPUT")
        XCTAssertEqual(
            try f.call(
                "suggest_localized_prices", ["app_id": appId!, "product_id": "sub1", "territories": ["GBR"], "multipliers": ["GBR": 11]]
            ).errorCode, "INVALID_INPUT")
        XCTAssertEqual(
            try f.call("suggest_localized_prices", ["app_id": appId!, "product_id": "nope", "territories": ["GBR"]]).errorCode, "NOT_FOUND")
        let plain = try f.createProject(name: "Plain")
        XCTAssertEqual(try f.call("suggest_localized_prices", ["app_id": plain]).errorCode, "INVALID_INPUT")
    }

    func testASchedulePreviewsCurrentAndChosenPointsAndWritesNothing() throws {
        let changes: [[String: Any]] = [
            ["territory": "GBR", "price_point_id": "gbr-299"], ["territory": "IND", "price_point_id": "ind-100"],
        ]
        // When a schedule is asked with the default dry_run, and with dry_run=false but no confirm
        for extra in [[:], ["dry_run": false]] as [[String: Any]] {
            let preview = try f.call(
                "schedule_price_changes", ["app_id": appId!, "product_id": "sub1", "changes": changes].merging(extra) { _, new in new })
            // Then it previews: before is Apple's point now, after the chosen one, and India is already there
            XCTAssertEqual(preview.structured["dry_run"] as? Bool, true)
            XCTAssertEqual(preview.structured["executed"] as? Bool, false)
            XCTAssertTrue(preview.structured["job"] is NSNull)
            XCTAssertEqual(((preview.diff["before"] as? [String: Any])?["GBR"] as? [String: Any])?["pointId"] as? String, "gbr-349")
            XCTAssertEqual(((preview.diff["after"] as? [String: Any])?["GBR"] as? [String: Any])?["id"] as? String, "gbr-299")
            XCTAssertEqual(
                ((preview.diff["after"] as? [String: Any])?["GBR"] as? [String: Any])?["customerPrice"] as? NSNumber, NSNumber(value: 2.99))
            XCTAssertTrue(preview.warnings.last?.contains("IND is at ind-100 already") ?? false, "\(preview.warnings)")
            XCTAssertEqual(preview.warnings.count, extra.isEmpty ? 1 : 2)
            if !extra.isEmpty { XCTAssertEqual(preview.warnings.first, MCPMutation.confirmWarning) }
        }
        // And nothing was stored and nothing reached Apple
        XCTAssertEqual(try stored().previews, 0)
        XCTAssertEqual(try stored().jobs, 0)
        XCTAssertEqual(try writes(), 0)
        // And a point Apple does not offer is warned about in the preview and refused when executed, with nothing recorded
        let unknown: [String: Any] = [
            "app_id": appId!, "product_id": "sub1", "changes": [["territory": "GBR", "price_point_id": "gbr-1"]],
        ]
        XCTAssertTrue(try f.call("schedule_price_changes", unknown).warnings.first?.contains("no price point gbr-1") ?? false)
        let refused = try f.call("schedule_price_changes", unknown.merging(["dry_run": false, "confirm": true]) { _, new in new })
        XCTAssertEqual(refused.errorCode, "INVALID_INPUT")
        XCTAssertEqual(try stored().jobs, 0)
        // And an in-app purchase, which price jobs do not set, is INVALID_INPUT even as a preview; so is a repeated territory
        let iap: [String: Any] = ["app_id": appId!, "product_id": "iap1", "changes": [["territory": "GBR", "price_point_id": "gbr-299"]]]
        XCTAssertEqual(try f.call("schedule_price_changes", iap).errorCode, "INVALID_INPUT")
        let twice = [["territory": "GBR", "price_point_id": "gbr-299"], ["territory": "GBR", "price_point_id": "gbr-399"]]
        XCTAssertEqual(
            try f.call("schedule_price_changes", ["app_id": appId!, "product_id": "sub1", "changes": twice]).errorCode, "INVALID_INPUT")
        XCTAssertEqual(try stored().jobs, 0)
    }

    func testExecutingNeedsConfirmAndAnOwnersWriteTokenThenTheWorkerWrites() throws {
        let arguments: [String: Any] = [
            "app_id": appId!, "product_id": "sub1", "dry_run": false, "confirm": true, "start_date": "2027-01-01",
            "changes": [["territory": "GBR", "price_point_id": "gbr-299"], ["territory": "IND", "price_point_id": "ind-110"]],
        ]
        // Given a read token, when it executes
        let read = try f.createToken(name: "reader", scope: "read")
        // Then it is WRITE_NOT_ALLOWED and nothing is recorded
        XCTAssertEqual(try f.call("schedule_price_changes", arguments, token: read).errorCode, "WRITE_NOT_ALLOWED")
        XCTAssertEqual(try stored().jobs, 0)
        // When the owner's write token executes
        let executed = try f.call("schedule_price_changes", arguments)
        // Then a job holds one pending item per territory asked (not the base territory), from Apple's point now
        XCTAssertEqual(executed.structured["executed"] as? Bool, true, "\(executed.structured)")
        let job = try XCTUnwrap(executed.structured["job"] as? [String: Any])
        XCTAssertEqual(job["startDate"] as? String, "2027-01-01")
        let items = job["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.compactMap { $0["territory"] as? String }.sorted(), ["GBR", "IND"])
        XCTAssertEqual(items.compactMap { $0["state"] as? String }, ["pending", "pending"])
        XCTAssertEqual(items.first { $0["territory"] as? String == "GBR" }?["fromPointId"] as? String, "gbr-349")
        XCTAssertEqual(try stored().jobs, 1)
        XCTAssertEqual(try writes(), 0)
        // When the prices worker runs
        XCTAssertEqual(try f.admin.call("POST", "/jobs/prices/run").status, 200)
        // Then both prices were written to Apple
        XCTAssertEqual(try writes(), 2)
        // And 175 changes are accepted (each previewed, Apple offering none of these points) while 176 are refused before the tool runs
        let many = Self.territories(176).map { ["territory": $0, "price_point_id": "p-\($0)"] }
        let most = try f.call("schedule_price_changes", ["app_id": appId!, "product_id": "sub1", "changes": Array(many.prefix(175))])
        XCTAssertEqual(most.warnings.count, 175, "\(most.structured)")
        XCTAssertEqual(try f.refusal("schedule_price_changes", ["app_id": appId!, "product_id": "sub1", "changes": many]), -32602)
    }
}
