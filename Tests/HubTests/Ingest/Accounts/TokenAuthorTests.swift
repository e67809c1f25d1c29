import Foundation
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// API tokens and their authors (docs/accounts.md, "API tokens"): a token acts for the member
/// who made it, with their role as it is now, and not at all once they are gone.
final class TokenAuthorTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    /// A token made in the dashboard by the session's member; its text.
    func token(_ scope: APIToken.Scope, by session: TeamSession, name: String = "CI") throws -> String {
        try admin.store.createToken(name: name, scope: scope, by: session.actor).token
    }

    func testARemovedAuthorsTokensAreRefusedAtOnce() throws {
        // Given an admin's write and read tokens that work
        let adminOne = try admin.person("bo@example.com", role: .admin)
        let write = try token(.write, by: adminOne.session)
        let read = try token(.read, by: adminOne.session)
        XCTAssertEqual(try admin.call("GET", "/projects", token: read).status, 200)
        XCTAssertEqual(try admin.call("POST", "/projects", json: ["name": "X", "allowedOrigins": []], token: write).status, 201)
        // When the admin is removed
        XCTAssertEqual(try admin.call("DELETE", "/organization/members/\(adminOne.session.memberId)").status, 204)
        // Then the very next request with either token is 401 UNAUTHORIZED, reads included
        for (method, token) in [("GET", read), ("GET", write), ("POST", write)] {
            let reply = try admin.call(
                method, "/projects", json: method == "POST" ? ["name": "Y", "allowedOrigins": []] : nil, token: token)
            XCTAssertEqual(reply.status, 401, "\(method) with a removed author's token")
            XCTAssertEqual(reply.code, "UNAUTHORIZED")
        }
        // And the list still shows them, with their author's ID but no name or role any more
        let listed = try admin.call("GET", "/tokens").items.filter { $0["name"] as? String == "CI" }
        XCTAssertEqual(listed.count, 2)
        let author = try XCTUnwrap(listed.first?["author"] as? [String: Any])
        XCTAssertEqual(author["memberId"] as? String, adminOne.session.memberId)
        XCTAssertTrue(author["name"] is NSNull)
        XCTAssertTrue(author["role"] is NSNull)
    }

    func testAMembersWriteTokenMayReadButNotWrite() throws {
        // Given a write token made by an admin who is then made a plain member
        try admin.person("ann@example.com")
        let author = try admin.person("bo@example.com", role: .admin)
        let write = try token(.write, by: author.session)
        let projectId = try admin.createProject()
        XCTAssertEqual(
            try admin.call("PATCH", "/organization/members/\(author.session.memberId)", json: ["role": "member"]).status, 200)
        // When it reads, and writes to a project, a report, a token and a member
        let read = try admin.call("GET", "/projects/\(projectId)", token: write)
        let writes = [
            try admin.call("PATCH", "/projects/\(projectId)", json: ["watermark": false], token: write),
            try admin.call("POST", "/tokens", json: ["name": "More", "scope": "write"], token: write),
            try admin.call("POST", "/organization/members", json: ["name": "Dee", "email": "dee@example.com"], token: write),
            try admin.call("DELETE", "/projects/\(projectId)/push-credentials", token: write),
        ]
        // Then reading works and every write is 403 WRITE_NOT_ALLOWED, changing nothing
        XCTAssertEqual(read.status, 200)
        for reply in writes {
            XCTAssertEqual(reply.status, 403, reply.text)
            XCTAssertEqual(reply.code, "WRITE_NOT_ALLOWED")
        }
        XCTAssertEqual(try admin.store.project(id: projectId)?.watermark, true)
        // And made admin again, the same token writes
        XCTAssertEqual(
            try admin.call("PATCH", "/organization/members/\(author.session.memberId)", json: ["role": "admin"]).status, 200)
        XCTAssertEqual(try admin.call("PATCH", "/projects/\(projectId)", json: ["watermark": false], token: write).status, 200)
    }

    func testAMembersReadTokenIsRefusedTheTokenAndInvitationLists() throws {
        // Given a read token of an admin who is demoted to member
        try admin.person("ann@example.com")
        let author = try admin.person("bo@example.com", role: .admin)
        let read = try token(.read, by: author.session)
        XCTAssertEqual(try admin.call("GET", "/tokens", token: read).status, 200)
        XCTAssertEqual(
            try admin.call("PATCH", "/organization/members/\(author.session.memberId)", json: ["role": "member"]).status, 200)
        // When it lists tokens, invitations and members
        let tokens = try admin.call("GET", "/tokens", token: read)
        let invitations = try admin.call("GET", "/organization/invitations", token: read)
        let members = try admin.call("GET", "/organization/members", token: read)
        // Then the settings lists are 403 FORBIDDEN and the member list (assignees) is readable
        XCTAssertEqual(tokens.status, 403)
        XCTAssertEqual(tokens.code, "FORBIDDEN")
        XCTAssertEqual(invitations.status, 403)
        XCTAssertEqual(members.status, 200)
    }

    func testATokenMadeThroughTheAPIHasItsCallersAuthor() throws {
        // Given an admin's write token
        let author = try admin.person("bo@example.com", role: .admin)
        let write = try token(.write, by: author.session)
        // When it makes another token, and the bootstrap token makes one
        let made = try admin.call("POST", "/tokens", json: ["name": "Made by Bo's", "scope": "read"], token: write)
        let operatorMade = try admin.call("POST", "/tokens", json: ["name": "Operator's", "scope": "read"])
        // Then the first is Bo's, with his name and role, and the second has no author
        let madeAuthor = try XCTUnwrap(made.json["author"] as? [String: Any])
        XCTAssertEqual(madeAuthor["memberId"] as? String, author.session.memberId)
        XCTAssertEqual(madeAuthor["name"] as? String, "Bo")
        XCTAssertEqual(madeAuthor["role"] as? String, "admin")
        XCTAssertEqual(made.json["actsAsOwner"] as? Bool, false)
        XCTAssertTrue(operatorMade.json["author"] is NSNull)
        // And the dashboard lists Bo's tokens by author
        XCTAssertEqual(
            try admin.store.tokens(authorMemberId: author.session.memberId, organizationId: author.session.organizationId).map(\.name),
            ["CI", "Made by Bo's"])
    }

    func testANewOrganizationsFirstTokenActsAsItsOwnerUntilRevoked() throws {
        // Given a new organization with its first token, and an owner and a member there
        let created = try admin.call("POST", "/organizations", json: ["slug": "acme", "name": "Acme"])
        let first = try XCTUnwrap((created.json["token"] as? [String: Any])?["token"] as? String)
        XCTAssertEqual((created.json["token"] as? [String: Any])?["actsAsOwner"] as? Bool, true)
        let owner = try admin.person("ann@example.com", organization: "acme")
        let member = try admin.person("bo@example.com", role: .member, organization: "acme")
        // When it does what only owners may: make someone owner, then take it back
        let promoted = try admin.call("PATCH", "/organization/members/\(member.session.memberId)", json: ["role": "owner"], token: first)
        let demoted = try admin.call("PATCH", "/organization/members/\(member.session.memberId)", json: ["role": "member"], token: first)
        // Then both work
        XCTAssertEqual(promoted.status, 200, promoted.text)
        XCTAssertEqual(promoted.json["role"] as? String, "owner")
        XCTAssertEqual(demoted.json["role"] as? String, "member")
        // And once the owner revokes it, it is 401
        let id = try XCTUnwrap(admin.store.tokens(organizationId: owner.session.organizationId).first { $0.actsAsOwner }?.id)
        XCTAssertTrue(try admin.store.revokeToken(id: id, by: owner.session.actor))
        XCTAssertEqual(try admin.call("GET", "/organization", token: first).status, 401)
    }

    func testTheBootstrapTokenIsUnchanged() throws {
        // Given members of every role in the default organization
        let owner = try admin.person("ann@example.com")
        try admin.person("bo@example.com", role: .member)
        // When the bootstrap token writes, manages tokens and makes an organization
        let project = try admin.call("POST", "/projects", json: ["name": "App", "allowedOrigins": []])
        let token = try admin.call("POST", "/tokens", json: ["name": "CI", "scope": "write"])
        let organization = try admin.call("POST", "/organizations", json: ["slug": "acme", "name": "Acme"])
        let demote = try admin.call("PATCH", "/organization/members/\(owner.session.memberId)", json: ["role": "admin"])
        // Then all work as before, and it still cannot demote the last owner
        XCTAssertEqual(project.status, 201)
        XCTAssertEqual(token.status, 201)
        XCTAssertEqual(organization.status, 201)
        XCTAssertEqual(demote.status, 409)
        XCTAssertEqual(demote.code, "LAST_OWNER")
        let bootstrap = try XCTUnwrap(try admin.call("GET", "/tokens").items.first)
        XCTAssertTrue(bootstrap["author"] is NSNull)
        XCTAssertEqual(bootstrap["actsAsOwner"] as? Bool, false)
    }
}
