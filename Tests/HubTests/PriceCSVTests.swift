import Foundation
import XCTest
@testable import IngestService
@testable import Shared

/// CSV export and import of a preview: validated against Apple's current catalog.
final class PriceCSVTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!

    override func setUpWithError() throws {
        let app: [String: Any] = [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "subscriptionGroups": [["id": "g1", "subscriptions": [
                ["id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly", "currentPoints": ["USA": "usa-399", "GBR": "gbr-349"]]]]]]
        let usa = [["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]]
        let gbr = [["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]]
        fixture = try ASCFixture(apps: [app], environment: ["APPNORTH_PRICES_INTERVAL_S": "0"])
        try fixture.controlPost("/__control/state", [
            "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": fixture.key.publicKeyPEM]], "apps": [app],
            "pricePoints": ["sub1": ["USA": usa, "GBR": gbr]]])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    func testAnExportedPreviewImportsBackUntilApplesPricesMove() throws {
        // Given a preview exported as CSV
        let preview = try admin.call("POST", "/projects/\(projectId!)/prices/preview", json: [
            "productId": "sub1", "kind": "subscription", "territories": ["GBR"], "strategy": "purchasing_power", "basePrice": 4.99])
        let previewId = try XCTUnwrap(preview.json["previewId"] as? String)
        let exported = try admin.hub.request("GET", "/api/admin/v1/projects/\(projectId!)/prices/previews/\(previewId)/csv",
                                             headers: [("Authorization", "Bearer " + AdminClient.token)])
        XCTAssertEqual(exported.status, 200)
        let csv = String(decoding: exported.body, as: UTF8.self)
        XCTAssertTrue(csv.hasPrefix("product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price\n"), csv)
        XCTAssertTrue(csv.contains("sub1,subscription,GBR,gbr-349,gbr-399,3.99"), csv)
        // When it is imported while Apple still matches
        let imported = try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": csv])
        // Then it becomes a stored preview a job can be submitted from
        XCTAssertEqual(imported.status, 201, "\(imported.json)")
        XCTAssertEqual((imported.json["preview"] as? [String: Any])?["strategy"] as? String, "csv_import")
        let job = try admin.call("POST", "/projects/\(projectId!)/prices/jobs", json: ["previewId": imported.json["previewId"] as Any])
        XCTAssertEqual(job.status, 201, "\(job.json)")
        // When Apple's price moves (the job is run) and the old file is imported again
        XCTAssertEqual(try admin.call("POST", "/jobs/prices/run").status, 200)
        let stale = try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": csv])
        // Then it is STALE_CSV, naming the row
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(AdminClient.code(stale.json), "STALE_CSV")
        XCTAssertNotNil(AdminClient.fields(stale.json)["row 2"] ?? AdminClient.fields(stale.json)["row 3"])
        // And a point Apple does not offer, or a wrong header, is INVALID_CSV
        let header = "product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price"
        let bogus = try admin.call("POST", "/projects/\(projectId!)/prices/import",
                                   json: ["csv": header + "\nsub1,subscription,USA,usa-499,usa-999,9.99\n"])
        XCTAssertEqual(AdminClient.code(bogus.json), "INVALID_CSV")
        XCTAssertEqual(AdminClient.code(try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": "a,b\n1,2"]).json),
                       "INVALID_CSV")
    }
}
