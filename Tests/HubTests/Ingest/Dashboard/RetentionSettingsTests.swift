import Foundation
import XCTest

@testable import IngestService

/// The workspace's media retention setting (issue 28, "Retention"): off (null) by default, else
/// a whole number of days from 1 to 3,650, set by owners and admins through the operator API
/// (`/organization/retention`) or Settings → Data retention.
final class RetentionSettingsTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    static let path = "/dashboard/settings/retention"

    func patch(_ body: [String: Any], token: String = OperatorAPI.token) throws -> HubReply {
        try admin.call("PATCH", "/organization/retention", json: body, token: token)
    }

    func testTheAPIStartsOffAndTakesOneToThreeThousandSixHundredFiftyDaysOrNull() throws {
        // Given a workspace never configured
        // Then retention is off
        let initial = try admin.call("GET", "/organization/retention")
        XCTAssertEqual(initial.status, 200)
        XCTAssertTrue(initial.json["mediaRetentionDays"] is NSNull, initial.text)
        // When 0 and 3,651 days are asked for, and no field at all
        for bad: [String: Any] in [["mediaRetentionDays": 0], ["mediaRetentionDays": 3_651], [:]] {
            let refused = try patch(bad)
            // Then each is refused naming the field
            XCTAssertEqual(refused.status, 400, "\(bad) \(refused.text)")
            XCTAssertEqual(refused.code, "INVALID_PAYLOAD")
            let fields = (refused.json["error"] as? [String: Any])?["fields"] as? [String: Any]
            XCTAssertNotNil(fields?["mediaRetentionDays"], refused.text)
        }
        // And a fraction and a string are refused too, and nothing changed
        for bad: Any in [1.5, "30"] { XCTAssertEqual(try patch(["mediaRetentionDays": bad]).status, 400, "\(bad)") }
        XCTAssertTrue(try admin.call("GET", "/organization/retention").json["mediaRetentionDays"] is NSNull)
        // When 1 and then 3,650 days are set, then null
        // Then each is accepted and read back
        for days in [1, 3_650] {
            XCTAssertEqual(try patch(["mediaRetentionDays": days]).json["mediaRetentionDays"] as? Int, days)
            XCTAssertEqual(try admin.call("GET", "/organization/retention").json["mediaRetentionDays"] as? Int, days)
        }
        XCTAssertTrue(try patch(["mediaRetentionDays": NSNull()]).json["mediaRetentionDays"] is NSNull)
        XCTAssertEqual(try admin.store.mediaRetentionDays(organizationId: try defaultOrganization()), nil)
        // And a read token may look but not change it
        let read = try admin.createToken(name: "Reader", scope: "read")
        XCTAssertEqual(try admin.call("GET", "/organization/retention", token: read).status, 200)
        XCTAssertEqual(try patch(["mediaRetentionDays": 30], token: read).status, 403)
    }

    func defaultOrganization() throws -> String {
        try XCTUnwrap(admin.store.db.scalar("SELECT id FROM organizations WHERE slug = 'default'").stringValue)
    }

    func testOwnersAndAdminsSetItInSettingsAndMembersOnlyReadIt() throws {
        // Given an admin and a member of the workspace
        let adminPages = try admin.pages(as: "ann@example.com", role: .admin)
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When the admin opens Settings, then the retention page
        XCTAssertTrue(try adminPages.get("/dashboard/settings").text.contains("href=\"\(Self.path)\""))
        let page = try adminPages.get(Self.path)
        // Then it says retention is off and offers the days field
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("Off: screenshots and chat photos are kept"), page.text)
        XCTAssertTrue(page.text.contains("name=\"days\""))
        // When the admin posts 0 and 3,651 days
        for bad in ["0", "3651", "-1", "12abc"] {
            let refused = try adminPages.post(Self.path, [("days", bad)])
            // Then each is refused with the problem on the page and nothing saved
            XCTAssertEqual(refused.status, 400, bad)
            XCTAssertTrue(refused.text.contains("from 1 to 3650"), bad)
        }
        XCTAssertNil(try admin.store.mediaRetentionDays(organizationId: try defaultOrganization()))
        // When the admin saves 1 day, then 3,650
        for days in ["1", "3650"] {
            let saved = try adminPages.post(Self.path, [("days", days)])
            // Then each is saved and the page says so
            XCTAssertEqual(saved.status, 303, saved.text)
            XCTAssertEqual(saved.header("location"), Self.path + "?done=saved")
            XCTAssertEqual(try admin.call("GET", "/organization/retention").json["mediaRetentionDays"] as? Int, Int(days))
        }
        XCTAssertTrue(try adminPages.get(Self.path).text.contains("deleted after 3650 days"))
        // When a member opens the page and tries to post
        let memberPage = try member.get(Self.path)
        let memberPost = try member.post(Self.path, [("days", "")])
        // Then they read the setting without a form and the post is refused, leaving it as it was
        XCTAssertEqual(memberPage.status, 200)
        XCTAssertFalse(memberPage.text.contains("name=\"days\""))
        XCTAssertTrue(memberPage.text.contains("deleted after 3650 days"))
        XCTAssertEqual(memberPost.status, 403)
        XCTAssertEqual(try admin.store.mediaRetentionDays(organizationId: try defaultOrganization()), 3_650)
        // When the admin empties the field
        XCTAssertEqual(try adminPages.post(Self.path, [("days", "")]).status, 303)
        // Then retention is off again
        XCTAssertNil(try admin.store.mediaRetentionDays(organizationId: try defaultOrganization()))
    }
}
