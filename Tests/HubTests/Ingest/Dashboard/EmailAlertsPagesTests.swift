import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/settings/notifications` (issue 25, "Email": team alerts per member preference):
/// every member chooses their own email alerts; owners and admins start with new
/// conversations and reports on, members with nothing; the page says when the hub has no
/// outgoing email; posts need the hub's origin and the session's form token.
final class EmailAlertsPagesTests: XCTestCase {
    var admin: AdminClient!

    override func tearDown() { admin?.shutdown() }

    static let path = "/dashboard/settings/notifications"

    func testEachRoleOpensThePageWithItsDefaultsAndEmailOffIsSaid() throws {
        // Given a hub without outgoing email, an owner and a member
        admin = try AdminClient()
        let owner = try admin.pages(as: "ann@example.com", role: .owner)
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When each opens the page
        let ownerPage = try owner.get(Self.path)
        let memberPage = try member.get(Self.path)
        // Then both may, the owner with new conversations and reports checked and no digest
        XCTAssertEqual(ownerPage.status, 200)
        XCTAssertEqual(memberPage.status, 200)
        XCTAssertEqual(Self.checked(in: ownerPage.text), ["newConversation", "newReport"])
        // And a member starts with nothing
        XCTAssertEqual(Self.checked(in: memberPage.text), [])
        for name in ["newConversation", "newReport", "dailyDigest"] {
            XCTAssertTrue(memberPage.text.contains("name=\"\(name)\""), name)
        }
        // And both are told email is off here
        XCTAssertTrue(ownerPage.text.contains("Email is off on this hub"))
        XCTAssertTrue(memberPage.text.contains("Email is off on this hub"))
    }

    func testEmailOnSaysNothingOfItAndASaveKeepsTheMembersOwnChoice() throws {
        // Given a hub with outgoing email, an owner and a member
        admin = try AdminClient(environment: ["APPNORTH_SMTP_URL": "smtp://127.0.0.1:2525", "APPNORTH_SMTP_FROM": "hub@example.com"])
        let owner = try admin.pages(as: "ann@example.com", role: .owner)
        let member = try admin.pages(as: "bo@example.com", role: .member)
        XCTAssertFalse(try owner.get(Self.path).text.contains("Email is off"))
        // When the member turns on new reports and the digest
        _ = try member.get(Self.path)
        let saved = try member.post(Self.path, [("newReport", "1"), ("dailyDigest", "1")])
        // Then they go back to the page, which shows their choice
        XCTAssertEqual(saved.status, 303)
        XCTAssertEqual(saved.header("location"), Self.path + "?done=saved")
        let page = try member.get(Self.path + "?done=saved")
        XCTAssertEqual(Self.checked(in: page.text), ["newReport", "dailyDigest"])
        XCTAssertTrue(page.text.contains("Saved."))
        // And the owner's defaults are untouched
        XCTAssertEqual(Self.checked(in: try owner.get(Self.path).text), ["newConversation", "newReport"])
        // When the owner saves with every box unchecked
        _ = try owner.post(Self.path, [])
        // Then the owner gets nothing, boxes left out of a post reading as off
        XCTAssertEqual(Self.checked(in: try owner.get(Self.path).text), [])
    }

    func testAPostWithoutTheFormTokenOrFromAnotherSiteChangesNothing() throws {
        // Given an owner with the defaults
        admin = try AdminClient()
        let owner = try admin.pages(as: "ann@example.com", role: .owner)
        _ = try owner.get(Self.path)
        // When a post comes without the form token, and one from another site
        let noToken = try owner.post(Self.path, [], withToken: false)
        let foreign = try owner.post(Self.path, [], origin: "https://evil.example")
        // Then both are 403 and the choices stay
        XCTAssertEqual(noToken.status, 403)
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        XCTAssertEqual(Self.checked(in: try owner.get(Self.path).text), ["newConversation", "newReport"])
        // And without a session the page sends to sign-in
        let signedOut = try PageSession(hub: admin.hub).get(Self.path)
        XCTAssertEqual(signedOut.status, 303)
        XCTAssertTrue(signedOut.header("location")?.hasPrefix("/login") ?? false)
    }

    func testTheOrganizationsNameIsEscaped() throws {
        // Given an organization whose name is markup
        admin = try AdminClient()
        let owner = try admin.pages(as: "ann@example.com", role: .owner)
        try admin.store.db.run("UPDATE organizations SET name = '<img src=x onerror=alert(1)> & Co' WHERE slug = 'default'")
        // When the page is drawn
        let page = try owner.get(Self.path).text
        // Then the name is text, never markup
        XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt; &amp; Co"))
        XCTAssertFalse(page.contains("<img src=x"))
    }

    /// The names of the checked boxes, in page order.
    static func checked(in page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<input type="checkbox" name="([A-Za-z]+)" value="1"( checked)?"#)
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap { match in
            guard match.range(at: 2).location != NSNotFound else { return nil }
            return Range(match.range(at: 1), in: page).map { String(page[$0]) }
        }
    }
}
