import Foundation
import XCTest

@testable import IngestService

/// Price previews (docs/pricing.md, "Previews") over HTTP: products from the fake App Store Connect,
/// proposals mapped to Apple's price points with the dataset's source and date, stored previews.
final class ASCPricePreviewTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!

    override func setUpWithError() throws {
        let app: [String: Any] = [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "subscriptionGroups": [
                [
                    "id": "g1", "referenceName": "Pro",
                    "subscriptions": [
                        ["id": "sub1", "name": "Pro Monthly", "productId": "com.example.trails.pro.monthly", "currentPoint": "usa-399"]
                    ],
                ]
            ],
            "inAppPurchases": [["id": "iap1", "name": "Offline pack", "productId": "com.example.trails.offline"]],
        ]
        // Apple's points: USA in dollars, Britain in pounds, India in rupees; Japan offered no points.
        let usa = [["usa-299", "2.99", "2.09"], ["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]]
        let gbr = [["gbr-299", "2.99", "2.09"], ["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]]
        let ind = (1...40).map { ["ind-\($0 * 10)", "\($0 * 10)", "\($0 * 7)"] }
        fixture = try ASCFixture(apps: [app])
        try fixture.controlPost(
            "/__control/state",
            [
                "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": fixture.key.publicKeyPEM]], "apps": [app],
                "pricePoints": ["sub1": ["USA": usa, "GBR": gbr, "IND": ind], "iap1": ["USA": usa, "GBR": gbr]],
            ])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    func testProductsComeFromApplesCatalog() throws {
        let products = try admin.call("GET", "/projects/\(projectId!)/prices/products")
        XCTAssertEqual(products.status, 200, "\(products.json)")
        let items = try XCTUnwrap(products.json["items"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["id"] as? String }, ["sub1", "iap1"])
        XCTAssertEqual(items.compactMap { $0["kind"] as? String }, ["subscription", "in_app_purchase"])
    }

    func testAPreviewMapsEachTerritoryToAnApplePointWithItsSourceAndIsStored() throws {
        // When a purchasing-power preview is asked for the subscription, from its current US price
        let created = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "sub1", "kind": "subscription", "territories": ["GBR", "IND", "JPN"], "strategy": "purchasing_power",
            ])
        // Then the base is Apple's current 3.99 and each proposal is one of Apple's points, with the dataset named and dated
        XCTAssertEqual(created.status, 201, "\(created.json)")
        let preview = try XCTUnwrap(created.json["preview"] as? [String: Any])
        XCTAssertEqual((preview["basePrice"] as? NSNumber)?.doubleValue, 3.99)
        let source = try XCTUnwrap(preview["source"] as? [String: Any])
        XCTAssertEqual(source["dataset"] as? String, "The Economist Big Mac index")
        XCTAssertEqual(source["releaseDate"] as? String, "2026-01-01")
        let proposals = try XCTUnwrap(preview["proposals"] as? [[String: Any]])
        let byTerritory = Dictionary(uniqueKeysWithValues: proposals.compactMap { p in (p["territory"] as? String).map { ($0, p) } })
        // Britain: 3.99 x 5.29 / 6.12 = 3.4489 GBP -> 3.49; India: 3.99 x 227 / 6.12 = 147.99 INR -> 150
        XCTAssertEqual((byTerritory["GBR"]?["point"] as? [String: Any])?["id"] as? String, "gbr-349")
        XCTAssertEqual((byTerritory["IND"]?["point"] as? [String: Any])?["id"] as? String, "ind-150")
        XCTAssertEqual((byTerritory["USA"]?["point"] as? [String: Any])?["id"] as? String, "usa-399")
        // And Japan, which has data but no price point offered here, is flagged rather than invented
        XCTAssertEqual(byTerritory["JPN"]?["status"] as? String, "no_price_point")
        // And the stored preview reads back the same
        let previewId = try XCTUnwrap(created.json["previewId"] as? String)
        let stored = try admin.call("GET", "/projects/\(projectId!)/prices/previews/\(previewId)")
        XCTAssertEqual(stored.status, 200)
        XCTAssertEqual((stored.json["preview"] as? [String: Any])?["proposals"] as? NSArray, preview["proposals"] as? NSArray)
        XCTAssertEqual(try admin.call("GET", "/projects/\(projectId!)/prices/previews/nope").status, 404)
    }

    func testAnInAppPurchaseNeedsABasePriceAndBadInputIsRefused() throws {
        // An in-app purchase has no current price read here: the base price must be given
        let missing = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "iap1", "kind": "in_app_purchase", "territories": ["GBR"], "strategy": "match_fx",
            ])
        XCTAssertEqual(missing.code, "BASE_PRICE_REQUIRED")
        let given = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "iap1", "kind": "in_app_purchase", "territories": ["GBR"], "strategy": "match_fx", "basePrice": 4.99,
                "rounding": "down",
            ])
        XCTAssertEqual(given.status, 201, "\(given.json)")
        // 4.99 x 0.74708 = 3.728 GBP, down -> 3.49
        let gbr = ((given.json["preview"] as? [String: Any])?["proposals"] as? [[String: Any]])?.first {
            $0["territory"] as? String == "GBR"
        }
        XCTAssertEqual((gbr?["point"] as? [String: Any])?["id"] as? String, "gbr-349")
        // And unknown strategies and territory codes are field errors
        let bad = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "sub1", "kind": "subscription", "territories": ["GB"], "strategy": "cheapest",
            ])
        XCTAssertEqual(bad.status, 400)
        XCTAssertNotNil(bad.fields["strategy"])
        XCTAssertNotNil(bad.fields["territories"])
    }
}
