import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/settings` (issue: "Settings: members, roles and invitations; API tokens"): the
/// page for owners and admins only, invitation links and token values shown once, roles and
/// removal under the store's role rules, every post refused by the server for a role that
/// may not, whatever the page showed.
final class SettingsPagesTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testSettingsOpenForOwnersAndAdminsAndAreForbiddenToMembers() throws {
        // Given an owner, an admin and a member
        let owner = try admin.pages(as: "ann@example.com", role: .owner)
        let adminPages = try admin.pages(as: "al@example.com", role: .admin)
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When each opens Settings
        let ownerPage = try owner.get("/dashboard/settings")
        let adminPage = try adminPages.get("/dashboard/settings")
        let memberPage = try member.get("/dashboard/settings")
        // Then owners and admins see members, invitations and tokens
        XCTAssertEqual(ownerPage.status, 200)
        XCTAssertEqual(adminPage.status, 200)
        for page in [ownerPage, adminPage] {
            for part in ["bo@example.com", "action=\"/dashboard/settings/invitations\"", "action=\"/dashboard/settings/tokens\""] {
                XCTAssertTrue(page.text.contains(part), part)
            }
        }
        // And the admin may not hand out the owner role, the owner may
        XCTAssertTrue(ownerPage.text.contains("value=\"owner\""))
        XCTAssertFalse(adminPage.text.contains("value=\"owner\""))
        // And the member gets the 403 page, and no Settings in the sidebar
        XCTAssertEqual(memberPage.status, 403)
        XCTAssertTrue(memberPage.text.contains("FORBIDDEN"))
        let memberApps = try member.get("/dashboard/apps")
        XCTAssertEqual(memberApps.status, 200)
        XCTAssertFalse(memberApps.text.contains("href=\"/dashboard/settings\""))
        XCTAssertTrue(try owner.get("/dashboard/apps").text.contains("href=\"/dashboard/settings\""))
    }

    func testAnInvitationLinkIsShownOnceAndLetsThePersonIn() throws {
        // Given an owner on Settings
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/settings")
        // When they invite someone as a member
        let made = try owner.post("/dashboard/settings/invitations", [("email", " Cy@Example.com "), ("role", "member")])
        // Then the answer is the page with the link, not cacheable
        XCTAssertEqual(made.status, 200)
        XCTAssertEqual(made.header("cache-control"), "no-store")
        let link = try XCTUnwrap(SettingsPagesTests.first(#"http://[^<"]+/invite/[A-Za-z0-9_-]+"#, in: made.text))
        XCTAssertTrue(made.text.contains("cy@example.com"))
        // And the page drawn again lists the invitation but never the link
        let again = try owner.get("/dashboard/settings")
        XCTAssertTrue(again.text.contains("cy@example.com"))
        XCTAssertFalse(again.text.contains(link))
        // And the link opens the invitation for that email
        let path = String(link[try XCTUnwrap(link.range(of: "/invite/")).lowerBound...])
        let invitation = try PageSession(hub: admin.hub).get(path)
        XCTAssertEqual(invitation.status, 200)
        XCTAssertTrue(invitation.text.contains("cy@example.com"))
    }

    func testARefusedInvitationKeepsWhatWasTypedAndSaysWhy() throws {
        let owner = try admin.pages(as: "ann@example.com")
        try admin.person("bo@example.com", role: .member)
        // When the email is not one
        let bad = try owner.post("/dashboard/settings/invitations", [("email", "not-an-email"), ("role", "admin")])
        // Then the page comes back 400 with the problem by the field and the values kept
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("must be an email address"))
        XCTAssertTrue(bad.text.contains("value=\"not-an-email\""))
        // And an email that is already a member is 409, nothing made
        let taken = try owner.post("/dashboard/settings/invitations", [("email", "bo@example.com"), ("role", "member")])
        XCTAssertEqual(taken.status, 409)
        XCTAssertTrue(taken.text.contains("already has a member with this email"))
        XCTAssertEqual(try admin.call("GET", "/organization/invitations").items.count, 0)
    }

    func testMembersAndAdminsAreRefusedWhatTheirRoleMayNotDo() throws {
        // Given a member and an admin, each holding a page's form token
        let member = try admin.pages(as: "bo@example.com", role: .member)
        let adminPages = try admin.pages(as: "al@example.com", role: .admin)
        _ = try member.get("/dashboard/apps")
        _ = try adminPages.get("/dashboard/settings")
        let before = try admin.call("GET", "/tokens").items.count
        // When the member posts an invitation and a token anyway, and the admin invites an owner
        let invite = try member.post("/dashboard/settings/invitations", [("email", "eve@example.com"), ("role", "member")])
        let token = try member.post("/dashboard/settings/tokens", [("name", "Mine"), ("scope", "write")])
        let owner = try adminPages.post("/dashboard/settings/invitations", [("email", "eve@example.com"), ("role", "owner")])
        // Then each is the 403 page and nothing was made
        for reply in [invite, token, owner] {
            XCTAssertEqual(reply.status, 403)
            XCTAssertTrue(reply.text.contains("FORBIDDEN"))
        }
        XCTAssertEqual(try admin.call("GET", "/organization/invitations").items.count, 0)
        XCTAssertEqual(try admin.call("GET", "/tokens").items.count, before)
    }

    func testATokenIsShownOnceWorksAndStopsAtOnceWhenRevoked() throws {
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/settings")
        // When the owner makes a write token
        let made = try owner.post("/dashboard/settings/tokens", [("name", "CI deploys"), ("scope", "write")])
        XCTAssertEqual(made.status, 200)
        XCTAssertEqual(made.header("cache-control"), "no-store")
        let value = try XCTUnwrap(SettingsPagesTests.first(#"(?<=aria-label="API token">)[^<]+"#, in: made.text))
        // Then it works against the operator API, acting as its author
        XCTAssertEqual(try admin.call("GET", "/projects", token: value).status, 200)
        XCTAssertEqual(try admin.call("POST", "/projects", json: ["name": "By CI", "allowedOrigins": []], token: value).status, 201)
        // And Settings drawn again lists it without its value
        let again = try owner.get("/dashboard/settings")
        XCTAssertTrue(again.text.contains("CI deploys"))
        XCTAssertFalse(again.text.contains(value))
        // When it is revoked from the page
        let id = try XCTUnwrap(try admin.call("GET", "/tokens").items.first { $0["name"] as? String == "CI deploys" }?["id"] as? String)
        XCTAssertTrue(again.text.contains("/dashboard/settings/tokens/" + id + "/revoke"))
        let revoked = try owner.post("/dashboard/settings/tokens/" + id + "/revoke")
        XCTAssertEqual(revoked.status, 303)
        // Then the next call with it is 401
        let refused = try admin.call("GET", "/projects", token: value)
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.code, "UNAUTHORIZED")
    }

    func testARefusedTokenKeepsItsNameAndAnotherOrganizationsTokenIsNotFound() throws {
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/settings")
        let long = String(repeating: "n", count: 101)
        let bad = try owner.post("/dashboard/settings/tokens", [("name", long), ("scope", "admin")])
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("must be 1-100 characters"))
        XCTAssertTrue(bad.text.contains("must be one of read, write"))
        XCTAssertTrue(bad.text.contains("value=\"" + long + "\""))
        // And 100 characters are taken
        XCTAssertEqual(try owner.post("/dashboard/settings/tokens", [("name", String(long.dropFirst())), ("scope", "read")]).status, 200)
        // And another organization's token cannot be revoked from here
        let other = try admin.createOrganization(slug: "other")
        let otherId = try XCTUnwrap(try admin.call("GET", "/tokens", token: other).items.first?["id"] as? String)
        XCTAssertEqual(try owner.post("/dashboard/settings/tokens/" + otherId + "/revoke").status, 404)
        XCTAssertEqual(try admin.call("GET", "/tokens", token: other).status, 200)
    }

    func testRolesChangeUnderTheRoleRules() throws {
        let ann = try admin.pages(as: "ann@example.com", role: .owner)
        let bo = try admin.person("bo@example.com", role: .member)
        _ = try ann.get("/dashboard/settings")
        // When the owner makes the member an admin
        let changed = try ann.post("/dashboard/settings/members/" + bo.session.memberId, [("role", "admin")])
        XCTAssertEqual(changed.status, 303)
        XCTAssertEqual(changed.header("location"), "/dashboard/settings?done=role")
        XCTAssertEqual(try admin.store.member(id: bo.session.memberId, organizationId: bo.session.organizationId)?.role, .admin)
        XCTAssertTrue(try ann.get("/dashboard/settings?done=role").text.contains("Role changed."))
        // And the only owner demoting themselves is 409, said on the page, and stays owner
        let last = try ann.post("/dashboard/settings/members/" + (ann.memberId ?? ""), [("role", "admin")])
        XCTAssertEqual(last.status, 409)
        XCTAssertTrue(last.text.contains("last owner"))
        // And the new admin may not make anyone owner
        let boPages = PageSession(hub: admin.hub, cookie: bo.token, formToken: bo.session.formToken)
        let promote = try boPages.post("/dashboard/settings/members/" + bo.session.memberId, [("role", "owner")])
        XCTAssertEqual(promote.status, 403)
        XCTAssertEqual(try admin.store.member(id: bo.session.memberId, organizationId: bo.session.organizationId)?.role, .admin)
    }

    func testARemovedMembersSessionAndTokensStopAtOnce() throws {
        // Given an admin signed in with a token they made
        let owner = try admin.pages(as: "ann@example.com")
        let al = try admin.person("al@example.com", role: .admin)
        let alPages = PageSession(hub: admin.hub, cookie: al.token, formToken: al.session.formToken)
        let made = try alPages.post("/dashboard/settings/tokens", [("name", "Al's script"), ("scope", "read")])
        let value = try XCTUnwrap(SettingsPagesTests.first(#"(?<=aria-label="API token">)[^<]+"#, in: made.text))
        XCTAssertEqual(try admin.call("GET", "/projects", token: value).status, 200)
        // When the owner removes them
        _ = try owner.get("/dashboard/settings")
        let removed = try owner.post("/dashboard/settings/members/" + al.session.memberId + "/remove")
        XCTAssertEqual(removed.status, 303)
        // Then their next page goes to sign-in, and their token is 401
        let next = try alPages.get("/dashboard/apps")
        XCTAssertEqual(next.status, 303)
        XCTAssertTrue(next.header("location")?.hasPrefix("/login") ?? false)
        let refused = try admin.call("GET", "/projects", token: value)
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.code, "UNAUTHORIZED")
    }

    func testUserTextIsEscaped() throws {
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/settings")
        let made = try owner.post("/dashboard/settings/tokens", [("name", "<script>alert(1)</script>"), ("scope", "read")])
        XCTAssertEqual(made.status, 200)
        let page = try owner.get("/dashboard/settings").text
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(page.contains("<script>alert(1)"))
    }

    func testAPostWithoutTheFormTokenOrFromAnotherSiteChangesNothing() throws {
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/settings")
        let before = try admin.call("GET", "/tokens").items.count
        let noToken = try owner.post("/dashboard/settings/tokens", [("name", "X"), ("scope", "read")], withToken: false)
        let foreign = try owner.post("/dashboard/settings/tokens", [("name", "X"), ("scope", "read")], origin: "https://evil.example")
        XCTAssertEqual(noToken.status, 403)
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        XCTAssertEqual(try admin.call("GET", "/tokens").items.count, before)
    }

    /// The first match of `pattern` in `text`.
    static func first(_ pattern: String, in text: String) -> String? {
        text.range(of: pattern, options: .regularExpression).map { String(text[$0]) }
    }
}

extension PageSession {
    /// The member this session acts as.
    var memberId: String? {
        guard let cookie, let session = try? hub.app!.accounts.session(token: cookie) else { return nil }
        return session.memberId
    }
}
