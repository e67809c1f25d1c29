import Foundation
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// Roles (docs/accounts.md, "Roles"): owners and admins manage members; only owners make or
/// unmake owners; an organization never loses its last owner.
final class RolesTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testTheRoleTableAsTheIssueStatesIt() {
        // Given every role and permission
        // Then owners and admins manage; members answer chat, triage, moderate and save favorites; only owners manage owners
        let managing: [Permission] = [
            .manageApps, .manageCredentials, .manageIntegrations, .manageMembers, .manageTokens, .publish, .writeWithTokens,
            .requestReviews, .manageRetention,
        ]
        let daily: [Permission] = [.answerChat, .triageReports, .moderateIdeas, .saveFavorites]
        for permission in managing {
            XCTAssertTrue(Role.owner.allows(permission), "\(permission)")
            XCTAssertTrue(Role.admin.allows(permission), "\(permission)")
            XCTAssertFalse(Role.member.allows(permission), "\(permission)")
        }
        for permission in daily { XCTAssertTrue(Role.allCases.allSatisfy { $0.allows(permission) }, "\(permission)") }
        XCTAssertEqual(Role.allCases.filter { $0.allows(.manageOwners) }, [.owner])
        // And only owners delete the account
        XCTAssertEqual(Role.allCases.filter { $0.allows(.deleteAccount) }, [.owner])
        XCTAssertEqual(Set(managing + daily + [.manageOwners, .deleteAccount]).count, Permission.allCases.count)
    }

    func testTheLastOwnerCannotBeDemotedOrRemovedWhileASecondOwnerCan() throws {
        // Given one owner
        let ann = try admin.person("ann@example.com")
        // When the operator demotes and removes them
        let demote = try admin.call("PATCH", "/organization/members/\(ann.session.memberId)", json: ["role": "admin"])
        let remove = try admin.call("DELETE", "/organization/members/\(ann.session.memberId)")
        // Then both are 409 LAST_OWNER and Ann is still owner
        XCTAssertEqual(demote.status, 409)
        XCTAssertEqual(demote.code, "LAST_OWNER")
        XCTAssertEqual(remove.status, 409)
        XCTAssertEqual(remove.code, "LAST_OWNER")
        XCTAssertEqual(try admin.accounts.session(token: ann.token)?.role, .owner)
        // And with a second owner, Ann can step down and Bo then cannot
        let bo = try admin.person("bo@example.com", role: .owner)
        XCTAssertEqual(try admin.store.changeRole(memberId: ann.session.memberId, to: .admin, by: ann.session.actor).role, .admin)
        XCTAssertThrowsError(try admin.store.changeRole(memberId: bo.session.memberId, to: .member, by: bo.session.actor)) { error in
            XCTAssertEqual((error as? APIError)?.code, "LAST_OWNER")
        }
        XCTAssertThrowsError(try admin.store.removeMember(id: bo.session.memberId, by: bo.session.actor)) { error in
            XCTAssertEqual((error as? APIError)?.code, "LAST_OWNER")
        }
    }

    func testAdminsManageAdminsAndMembersButNotOwnersAndMembersManageNoOne() throws {
        // Given an owner, two admins and a member, signed in
        let owner = try admin.person("ann@example.com")
        let bo = try admin.person("bo@example.com", role: .admin)
        let cy = try admin.person("cy@example.com", role: .admin)
        let dee = try admin.person("dee@example.com", role: .member)
        func change(_ who: TeamSession, to role: Role, by actor: TeamSession) -> String? {
            do {
                return try admin.store.changeRole(memberId: who.memberId, to: role, by: actor.actor).role.rawValue
            } catch {
                return (error as? APIError)?.code
            }
        }
        // When an admin changes an admin and a member, touches the owner or makes an owner, and the member changes anyone
        // Then admins manage admins and members, only owners touch the owner role, members nothing
        XCTAssertEqual(change(cy.session, to: .member, by: bo.session), "member")
        XCTAssertEqual(change(cy.session, to: .admin, by: bo.session), "admin")
        XCTAssertEqual(change(owner.session, to: .admin, by: bo.session), "FORBIDDEN")
        XCTAssertEqual(change(cy.session, to: .owner, by: bo.session), "FORBIDDEN")
        XCTAssertEqual(change(cy.session, to: .member, by: dee.session), "FORBIDDEN")
        XCTAssertEqual(change(dee.session, to: .admin, by: dee.session), "FORBIDDEN")
        XCTAssertEqual(change(cy.session, to: .owner, by: owner.session), "owner")
        // And removal follows the same rules
        XCTAssertThrowsError(try admin.store.removeMember(id: bo.session.memberId, by: dee.session.actor))
        XCTAssertThrowsError(try admin.store.removeMember(id: cy.session.memberId, by: bo.session.actor))
        XCTAssertNoThrow(try admin.store.removeMember(id: dee.session.memberId, by: bo.session.actor))
        XCTAssertEqual(
            try admin.store.members(organizationId: owner.session.organizationId).map(\.email).sorted(),
            [
                "ann@example.com", "bo@example.com", "cy@example.com",
            ])
    }

    func testRoleChangesThroughTheOperatorAPIAreValidatedAndScopedToTheOrganization() throws {
        // Given a member added with a role, and another organization
        let added = try admin.call("POST", "/organization/members", json: ["name": "Bo", "email": "bo@example.com", "role": "admin"])
        XCTAssertEqual(added.status, 201, added.text)
        XCTAssertEqual(added.json["role"] as? String, "admin")
        XCTAssertEqual(added.json["hasSignedIn"] as? Bool, false)
        let id = try XCTUnwrap(added.json["id"] as? String)
        let acme = try admin.createOrganization(slug: "acme")
        // When the role is missing, unknown, changed from elsewhere, and changed right
        let missing = try admin.call("PATCH", "/organization/members/\(id)", json: [String: Any]())
        let unknown = try admin.call("PATCH", "/organization/members/\(id)", json: ["role": "boss"])
        let elsewhere = try admin.call("PATCH", "/organization/members/\(id)", json: ["role": "member"], token: acme)
        let changed = try admin.call("PATCH", "/organization/members/\(id)", json: ["role": "member"])
        // Then 400 naming `role`, 404 for the other organization, and 200 with the new role
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.fields.keys.sorted(), ["role"])
        XCTAssertEqual(unknown.fields.keys.sorted(), ["role"])
        XCTAssertEqual(elsewhere.status, 404)
        XCTAssertEqual(changed.status, 200)
        XCTAssertEqual(changed.json["role"] as? String, "member")
        XCTAssertEqual(try admin.call("GET", "/organization/members").items.first?["role"] as? String, "member")
    }
}
