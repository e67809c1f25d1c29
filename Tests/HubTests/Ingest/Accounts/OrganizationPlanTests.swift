import Foundation
import XCTest

@testable import IngestService

final class OrganizationPlanTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testPlanIsSetOnCreationAndChangedByTheInstanceOperatorOnly() throws {
        // Given an organization created on the Pro plan, and one created without a plan
        let pro = try admin.call("POST", "/organizations", json: ["slug": "acme", "name": "Acme", "plan": "pro"])
        XCTAssertEqual(pro.status, 201, "\(pro.json)")
        let organization = try XCTUnwrap(pro.json["organization"] as? [String: Any])
        let id = try XCTUnwrap(organization["id"] as? String)
        let acme = try XCTUnwrap((pro.json["token"] as? [String: Any])?["token"] as? String)
        let plain = try admin.call("POST", "/organizations", json: ["slug": "plain", "name": "Plain"])
        // Then the first is pro and the second selfhosted, the default
        XCTAssertEqual(organization["plan"] as? String, "pro")
        XCTAssertEqual((plain.json["organization"] as? [String: Any])?["plan"] as? String, "selfhosted")
        XCTAssertEqual(try admin.store.organization(id: id)?.entitlements.watchlistAllowance, 5)

        // When the instance operator moves it to Studio
        let changed = try admin.call("PATCH", "/organizations/\(id)", json: ["plan": "studio"])
        // Then the plan and its allowances follow
        XCTAssertEqual(changed.status, 200, "\(changed.json)")
        XCTAssertEqual(changed.json["plan"] as? String, "studio")
        XCTAssertEqual(try admin.store.organization(id: id)?.entitlements.trackedKeywordAllowance, 500)

        // And an unknown plan is a field error that changes nothing
        let unknown = try admin.call("PATCH", "/organizations/\(id)", json: ["plan": "enterprise"])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertNotNil(unknown.fields["plan"])
        XCTAssertEqual(try admin.store.organization(id: id)?.plan, "studio")
        // And the organization itself cannot change its own plan; an unknown ID is 404
        XCTAssertEqual(try admin.call("PATCH", "/organizations/\(id)", json: ["plan": "selfhosted"], token: acme).status, 403)
        XCTAssertEqual(try admin.call("PATCH", "/organizations/nope", json: ["plan": "pro"]).status, 404)
    }
}
