import Foundation
import XCTest

@testable import IngestService

/// `/organization/members`: teammates reports can be assigned to.
final class MembersTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testMembersAreListedUniquePerOrganizationAndValidated() throws {
        // Given a member of this organization
        let created = try admin.call("POST", "/organization/members", json: ["name": "Ann", "email": " Ann@Example.com "])
        XCTAssertEqual(created.status, 201, "\(created.json)")
        XCTAssertEqual(created.json["email"] as? String, "ann@example.com")
        // When the same email is added again, here and in another organization, and bad input is sent
        let duplicate = try admin.call("POST", "/organization/members", json: ["name": "Ann B", "email": "ANN@example.com"])
        let other = try admin.createOrganization(slug: "acme", name: "Acme")
        let elsewhere = try admin.call("POST", "/organization/members", json: ["name": "Ann", "email": "ann@example.com"], token: other)
        let bad = try admin.call("POST", "/organization/members", json: ["name": "", "email": "not-an-email"])
        // Then the duplicate is 409 MEMBER_EXISTS, other organizations are separate, bad input names its fields
        XCTAssertEqual(duplicate.status, 409)
        XCTAssertEqual(duplicate.code, "MEMBER_EXISTS")
        XCTAssertEqual(elsewhere.status, 201)
        XCTAssertEqual(Set(bad.fields.keys), ["name", "email"])
        let list = try admin.call("GET", "/organization/members")
        XCTAssertEqual((list.json["items"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Ann"])
        // And another organization cannot delete this one's member
        let id = try XCTUnwrap(created.json["id"] as? String)
        XCTAssertEqual(try admin.call("DELETE", "/organization/members/\(id)", token: other).status, 404)
    }

    func testAMemberWithOpenAssignedReportsCannotBeRemoved() throws {
        // Given a member assigned to an open report
        let projectId = try admin.createProject()
        let report = try admin.insertFeedback(projectId: projectId, message: "Needs an owner")
        let member = try XCTUnwrap(
            try admin.call(
                "POST", "/organization/members",
                json: ["name": "Bo", "email": "bo@example.com"]
            ).json["id"] as? String)
        XCTAssertEqual(try admin.call("PATCH", "/feedback/\(report)", json: ["assigneeId": member]).status, 200)
        // When the member is removed while the report is open, then after it is done
        let refused = try admin.call("DELETE", "/organization/members/\(member)")
        XCTAssertEqual(try admin.call("PATCH", "/feedback/\(report)", json: ["status": "done"]).status, 200)
        let removed = try admin.call("DELETE", "/organization/members/\(member)")
        // Then the first is 409 MEMBER_ASSIGNED, the second removes the member and unassigns the done report
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.code, "MEMBER_ASSIGNED")
        XCTAssertEqual(removed.status, 204)
        XCTAssertEqual((try admin.call("GET", "/organization/members").json["items"] as? [Any])?.count, 0)
        let detail = try admin.call("GET", "/feedback/\(report)").json
        XCTAssertTrue(detail["assignee"] is NSNull)
        XCTAssertEqual((detail["timeline"] as? [[String: Any]])?.last?["kind"] as? String, "assignee")
    }
}
