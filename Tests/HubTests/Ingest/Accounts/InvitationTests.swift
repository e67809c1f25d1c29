import Foundation
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// Invitation and setup links (docs/accounts.md, "Invitations and setup links"): valid 7 days,
/// single use, shown once.
final class InvitationTests: XCTestCase {
    var admin: AdminClient!
    let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))
    let day: TimeInterval = 86_400

    override func setUpWithError() throws {
        admin = try AdminClient(environment: ["APPNORTH_PUBLIC_URL": "https://hub.example.com"], clock: clock)
    }
    override func tearDown() { admin?.shutdown() }

    /// An invitation made through the operator API with the bootstrap token: its JSON and code.
    func invite(_ email: String, role: String = "member", token: String = OperatorAPI.token) throws -> (json: [String: Any], code: String) {
        let created = try admin.call("POST", "/organization/invitations", json: ["email": email, "role": role], token: token)
        XCTAssertEqual(created.status, 201, created.text)
        return (created.json, try XCTUnwrap(created.json["code"] as? String))
    }

    func testASetupLinkSetsThePasswordOnceAndSignsIn() throws {
        // Given a setup link for a new owner, as `ingest user add` makes it
        let setup = try admin.store.addUserWithSetupCode(email: "ann@example.com", role: .owner, organizationSlug: "default")
        let lookup = try XCTUnwrap(try admin.accounts.lookUp(code: setup.code))
        XCTAssertEqual(lookup.kind, .setup)
        XCTAssertEqual(lookup.organizationName, "Default")
        XCTAssertEqual(lookup.role, .owner)
        XCTAssertEqual(lookup.email, "ann@example.com")
        XCTAssertFalse(lookup.accountExists)
        XCTAssertEqual(try admin.signIn("ann@example.com", "correct horse battery"), .wrongEmailOrPassword)
        // When it is accepted with a name and a password, then again with another password
        let first = try admin.signedIn(try admin.accept(setup.code, name: "Ann", password: "correct horse battery"))
        let again = try admin.accept(setup.code, name: "Mallory", password: "mallory's own password")
        // Then the first signs the owner in and the second finds the link used up
        XCTAssertEqual(first.session.role, .owner)
        XCTAssertEqual(first.session.name, "Ann")
        XCTAssertEqual(again, .codeUnusable)
        XCTAssertNil(try admin.accounts.lookUp(code: setup.code))
        XCTAssertEqual(try admin.signIn("ann@example.com", "mallory's own password"), .wrongEmailOrPassword)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery")))
        // And the member list shows the owner as signed in
        let listed = try XCTUnwrap(try admin.call("GET", "/organization/members").items.first)
        XCTAssertEqual(listed["role"] as? String, "owner")
        XCTAssertEqual(listed["hasSignedIn"] as? Bool, true)
        XCTAssertEqual(listed["name"] as? String, "Ann")
    }

    func testASetupLinkForSomeoneWithAPasswordResetsItAndSignsThemOutElsewhere() throws {
        // Given an owner signed in, and a second setup link made for them (a forgotten password)
        let before = try admin.person("ann@example.com", password: "correct horse battery")
        let reset = try admin.store.addUserWithSetupCode(email: "ann@example.com", role: .owner, organizationSlug: "default")
        // When the page looks it up and they choose a new password
        let lookup = try XCTUnwrap(try admin.accounts.lookUp(code: reset.code))
        let after = try admin.signedIn(try admin.accept(reset.code, password: "staple battery horse"))
        // Then the page asked for a new password, not the current one; the old session ended,
        // only the new password signs in, and the member is the same one
        XCTAssertFalse(lookup.accountExists)
        XCTAssertNil(try admin.accounts.session(token: before.token))
        XCTAssertEqual(after.session.memberId, before.session.memberId)
        XCTAssertEqual(try admin.signIn("ann@example.com", "correct horse battery"), .wrongEmailOrPassword)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("ann@example.com", "staple battery horse")))
    }

    func testAnInvitationWorksUntilSevenDaysHavePassed() throws {
        // Given two invitations made now
        let early = try invite("bo@example.com")
        let late = try invite("cy@example.com", role: "admin")
        XCTAssertEqual(early.json["url"] as? String, "https://hub.example.com/invite/" + early.code)
        XCTAssertEqual(early.json["expiresAt"] as? String, "2030-03-24T17:46:40.000Z")
        // When one is accepted a second before seven days, the other a second after
        clock.advance(by: 7 * day - 1)
        let inTime = try admin.accept(early.code, name: "Bo", password: "bo's long password")
        clock.advance(by: 2)
        let expired = try admin.accept(late.code, name: "Cy", password: "cy's long password")
        // Then the first joins with the invited role, the second is refused and makes no one
        XCTAssertEqual(try admin.signedIn(inTime).session.role, .member)
        XCTAssertEqual(expired, .codeUnusable)
        XCTAssertNil(try admin.accounts.lookUp(code: late.code))
        XCTAssertNil(try admin.store.user(email: "cy@example.com"))
        XCTAssertEqual(try admin.call("GET", "/organization/members").items.map { $0["email"] as? String }, ["bo@example.com"])
    }

    func testAnInvitationIsUsedOnce() throws {
        // Given an invitation
        let invitation = try invite("bo@example.com")
        // When it is accepted, then accepted again by someone else who has the link
        let first = try admin.accept(invitation.code, name: "Bo", password: "bo's long password")
        let second = try admin.accept(invitation.code, name: "Eve", password: "eve's long password")
        // Then only the first made a member, and Bo's password is still Bo's
        XCTAssertNoThrow(try admin.signedIn(first))
        XCTAssertEqual(second, .codeUnusable)
        XCTAssertEqual(try admin.call("GET", "/organization/members").items.count, 1)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("bo@example.com", "bo's long password")))
    }

    func testSomeoneWithAPasswordAcceptsWithItAndKeepsIt() throws {
        // Given an owner of the default organization invited to another organization
        try admin.person("ann@example.com", password: "correct horse battery")
        let acme = try admin.createOrganization(slug: "acme", name: "Acme")
        let invitation = try invite("ann@example.com", role: "admin", token: acme)
        let lookup = try XCTUnwrap(try admin.accounts.lookUp(code: invitation.code))
        XCTAssertEqual(lookup.organizationName, "Acme")
        XCTAssertTrue(lookup.accountExists)
        // When they accept with a wrong password, then with theirs
        let wrong = try admin.accept(invitation.code, password: "a new password of mine")
        let right = try admin.signedIn(try admin.accept(invitation.code, password: "correct horse battery"))
        // Then the wrong one changes nothing and leaves the link usable; the right one joins
        // them to Acme as admin, and their password is unchanged
        XCTAssertEqual(wrong, .wrongEmailOrPassword)
        XCTAssertEqual(right.session.role, .admin)
        XCTAssertEqual(try admin.store.organization(id: right.session.organizationId)?.slug, "acme")
        XCTAssertEqual(try admin.signIn("ann@example.com", "a new password of mine"), .wrongEmailOrPassword)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery")))
    }

    func testAcceptingNamesABadNameOrPassword() throws {
        // Given an invitation for someone new
        let invitation = try invite("bo@example.com")
        // When it is accepted without a name and with a 9-character password, then with 10 characters
        XCTAssertThrowsError(try admin.accept(invitation.code, password: "123456789")) { error in
            // Then both fields are named, and the link is still usable
            XCTAssertEqual((error as? APIError)?.code, "INVALID_PAYLOAD")
            XCTAssertEqual((error as? APIError)?.fields?.keys.sorted(), ["name", "password"])
        }
        XCTAssertNotNil(try admin.accounts.lookUp(code: invitation.code))
        XCTAssertNoThrow(try admin.signedIn(try admin.accept(invitation.code, name: "Bo", password: "1234567890")))
        // And 200 characters are accepted, 201 are not
        let other = try invite("cy@example.com")
        XCTAssertThrowsError(try admin.accept(other.code, name: "Cy", password: String(repeating: "p", count: 201)))
        XCTAssertNoThrow(try admin.signedIn(try admin.accept(other.code, name: "Cy", password: String(repeating: "p", count: 200))))
    }

    func testInvitationsAreListedWithoutTheirCodeAndRevoked() throws {
        // Given two invitations, one of them for an email invited again
        let first = try invite("bo@example.com")
        let replaced = try invite("cy@example.com")
        let again = try invite("cy@example.com", role: "admin")
        // When the operator lists them and revokes Bo's
        let listed = try admin.call("GET", "/organization/invitations")
        let id = try XCTUnwrap(first.json["id"] as? String)
        let revoked = try admin.call("DELETE", "/organization/invitations/\(id)")
        // Then the list holds the pending two, without codes; the revoked and replaced links are dead
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual(listed.items.map { $0["email"] as? String }, ["bo@example.com", "cy@example.com"])
        XCTAssertEqual(listed.items.last?["role"] as? String, "admin")
        XCTAssertFalse(listed.text.contains(first.code))
        XCTAssertNil(listed.items.first?["code"])
        XCTAssertEqual(revoked.status, 204)
        XCTAssertEqual(try admin.accept(first.code, name: "Bo", password: "bo's long password"), .codeUnusable)
        XCTAssertEqual(try admin.accept(replaced.code, name: "Cy", password: "cy's long password"), .codeUnusable)
        XCTAssertNoThrow(try admin.signedIn(try admin.accept(again.code, name: "Cy", password: "cy's long password")))
        XCTAssertEqual(try admin.call("GET", "/organization/invitations").items.count, 0)
        // And another organization's invitation is 404
        let acme = try admin.createOrganization(slug: "acme")
        XCTAssertEqual(try admin.call("DELETE", "/organization/invitations/\(id)", token: acme).status, 404)
    }

    func testInvitingAMemberAgainOrWithBadInputIsRefused() throws {
        // Given a member
        XCTAssertEqual(try admin.call("POST", "/organization/members", json: ["name": "Bo", "email": "bo@example.com"]).status, 201)
        // When they are invited, and an invitation lacks its fields
        let member = try admin.call("POST", "/organization/invitations", json: ["email": "BO@example.com", "role": "member"])
        let bad = try admin.call("POST", "/organization/invitations", json: ["email": "nope", "role": "boss"])
        // Then the first is 409 MEMBER_EXISTS and the second names both fields
        XCTAssertEqual(member.status, 409)
        XCTAssertEqual(member.code, "MEMBER_EXISTS")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.fields.keys.sorted(), ["email", "role"])
    }

    func testOnlyOwnersAndAdminsInviteAndOnlyOwnersInviteOwners() throws {
        // Given an owner, an admin and a member, signed in
        let owner = try admin.person("ann@example.com")
        let adminOne = try admin.person("bo@example.com", role: .admin)
        let member = try admin.person("cy@example.com", role: .member)
        // When each invites
        let byMember = Result { try admin.store.createInvitation(email: "d@example.com", role: .member, by: member.session.actor) }
        let ownerByAdmin = Result { try admin.store.createInvitation(email: "e@example.com", role: .owner, by: adminOne.session.actor) }
        let adminByAdmin = Result { try admin.store.createInvitation(email: "f@example.com", role: .admin, by: adminOne.session.actor) }
        let ownerByOwner = Result { try admin.store.createInvitation(email: "g@example.com", role: .owner, by: owner.session.actor) }
        // Then a member may not invite, an admin may invite but not an owner, an owner may
        XCTAssertEqual((byMember.failure as? APIError)?.code, "FORBIDDEN")
        XCTAssertEqual((ownerByAdmin.failure as? APIError)?.code, "FORBIDDEN")
        XCTAssertNoThrow(try adminByAdmin.get())
        XCTAssertNoThrow(try ownerByOwner.get())
        // And a member may not list them; an admin may
        XCTAssertThrowsError(try admin.store.pendingCodes(by: member.session.actor))
        XCTAssertEqual(try admin.store.pendingCodes(by: adminOne.session.actor).map(\.email), ["f@example.com", "g@example.com"])
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
