import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

final class AdminAuthTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testMissingUnknownOrMalformedTokensAreUnauthorized() throws {
        // Given a running hub
        // When the operator API is called without a token, with an unknown one, or another scheme
        let missing = try admin.call("GET", "/projects", token: nil)
        let unknown = try admin.call("GET", "/projects", token: "an_" + String(repeating: "x", count: 40))
        let basic = try admin.hub.request("GET", "/api/admin/v1/projects", headers: [("Authorization", "Basic " + OperatorAPI.token)])
        // Then each is 401 UNAUTHORIZED with a Bearer challenge
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.code, "UNAUTHORIZED")
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(unknown.code, "UNAUTHORIZED")
        XCTAssertEqual(basic.status, 401)
        XCTAssertEqual(basic.header("WWW-Authenticate"), "Bearer")
        // And the bootstrap token works
        XCTAssertEqual(try admin.call("GET", "/organization").json["slug"] as? String, "default")
    }

    func testReadTokenReadsButIsForbiddenToWrite() throws {
        // Given a read token
        let created = try admin.call("POST", "/tokens", json: ["name": "Dashboard", "scope": "read"])
        XCTAssertEqual(created.status, 201)
        let read = try XCTUnwrap(created.json["token"] as? String)
        XCTAssertTrue(read.hasPrefix("an_"))
        let projectId = try admin.createProject()
        // When it reads and writes
        let list = try admin.call("GET", "/projects", token: read)
        let write = try admin.call("POST", "/projects", json: ["name": "X", "allowedOrigins": []], token: read)
        let patch = try admin.call("PATCH", "/projects/\(projectId)", json: ["watermark": false], token: read)
        // Then reads pass and every write is 403 FORBIDDEN
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual((list.json["items"] as? [[String: Any]])?.count, 1)
        XCTAssertEqual(write.status, 403)
        XCTAssertEqual(write.code, "FORBIDDEN")
        XCTAssertEqual(patch.status, 403)
        XCTAssertEqual(try admin.store.project(id: projectId)?.watermark, true)
    }

    func testRevokedTokenIsRefusedAtOnceAndListsNeverShowTokenText() throws {
        // Given a second write token that works
        let created = try admin.call("POST", "/tokens", json: ["name": "CI", "scope": "write"])
        let token = try XCTUnwrap(created.json["token"] as? String)
        let id = try XCTUnwrap(created.json["id"] as? String)
        XCTAssertEqual(try admin.call("GET", "/projects", token: token).status, 200)
        // When it is revoked
        XCTAssertEqual(try admin.call("DELETE", "/tokens/\(id)").status, 204)
        // Then the very next request with it is 401, and the list marks it revoked without its text
        XCTAssertEqual(try admin.call("GET", "/projects", token: token).status, 401)
        let items = try XCTUnwrap(try admin.call("GET", "/tokens").json["items"] as? [[String: Any]])
        let record = try XCTUnwrap(items.first { $0["id"] as? String == id })
        XCTAssertNotNil(record["revokedAt"] as? String)
        XCTAssertNil(record["token"])
        XCTAssertFalse(items.contains { ($0["token"] as? String) != nil })
        // And an unknown token ID is 404
        XCTAssertEqual(try admin.call("DELETE", "/tokens/nope").status, 404)
    }

    func testAnotherOrganizationsResourcesAreNotFound() throws {
        // Given a second organization made by the instance operator, with a project, an idea and a token
        let org = try admin.call("POST", "/organizations", json: ["slug": "acme", "name": "Acme"])
        XCTAssertEqual(org.status, 201, "\(org.json)")
        let tokenView = try XCTUnwrap(org.json["token"] as? [String: Any])
        let acme = try XCTUnwrap(tokenView["token"] as? String)
        XCTAssertEqual(tokenView["scope"] as? String, "write")
        let acmeProject = try admin.createProject(name: "Acme app", token: acme)
        let acmeBoard = try XCTUnwrap(admin.store.boards(projectId: acmeProject).first?.id)
        let acmeStatus = try XCTUnwrap(admin.store.boards(projectId: acmeProject).first?.statuses.last?.id)
        let acmeIdea = try admin.insertIdea(projectId: acmeProject, title: "Dark mode")
        let acmeComment = try admin.insertComment(ideaId: acmeIdea, moderation: "pending")
        let acmeTokenId = try XCTUnwrap(admin.store.tokens(organizationId: admin.store.project(id: acmeProject)!.organizationId).first?.id)
        // When the default organization's token reaches for them
        let paths: [(String, String, Any?)] = [
            ("GET", "/projects/\(acmeProject)", nil), ("PATCH", "/projects/\(acmeProject)", ["watermark": false]),
            ("POST", "/projects/\(acmeProject)/identity-secret", nil), ("GET", "/projects/\(acmeProject)/boards", nil),
            ("PATCH", "/boards/\(acmeBoard)", ["name": "Mine"]), ("DELETE", "/statuses/\(acmeStatus)", nil),
            ("GET", "/ideas/\(acmeIdea)", nil), ("PATCH", "/ideas/\(acmeIdea)", ["pinned": true]),
            ("POST", "/ideas/\(acmeIdea)/approve", nil), ("POST", "/comments/\(acmeComment)/approve", nil),
            ("DELETE", "/tokens/\(acmeTokenId)", nil), ("GET", "/projects/\(acmeProject)/moderation", nil),
        ]
        // Then every one is 404 NOT_FOUND (never 403) and nothing changed
        for (method, path, body) in paths {
            let result = try admin.call(method, path, json: body)
            XCTAssertEqual(result.status, 404, "\(method) \(path)")
            XCTAssertEqual(result.code, "NOT_FOUND", "\(method) \(path)")
        }
        XCTAssertEqual((try admin.call("GET", "/projects").json["items"] as? [[String: Any]])?.count, 0)
        XCTAssertEqual(try admin.ideaRow(acmeIdea).bool("pinned"), false)
        XCTAssertEqual(try admin.store.project(id: acmeProject)?.identityConfigured, false)
        XCTAssertEqual(try admin.call("GET", "/projects/\(acmeProject)", token: acme).status, 200)
        // And a non-default organization cannot create organizations
        let refused = try admin.call("POST", "/organizations", json: ["slug": "other", "name": "Other"], token: acme)
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(try admin.call("POST", "/organizations", json: ["slug": "acme", "name": "Again"]).status, 409)
    }

    func testLastUsedIsRecordedAtMostOnceAMinute() throws {
        // Given a hub on a manual clock
        admin.shutdown()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))
        admin = try AdminClient(clock: clock)
        let stamp = { try self.admin.store.db.scalar("SELECT last_used_at FROM api_tokens").stringValue }
        // When the token is used, used again 30 s later, then 61 s after the first use
        XCTAssertNil(try stamp())
        try admin.call("GET", "/organization")
        let first = try stamp()
        clock.advance(by: 30)
        try admin.call("GET", "/organization")
        let second = try stamp()
        clock.advance(by: 31)
        try admin.call("GET", "/organization")
        // Then it is written on the first use and after a minute, not in between
        XCTAssertEqual(first, "2030-03-17T17:46:40.000Z")
        XCTAssertEqual(second, first)
        XCTAssertEqual(try stamp(), "2030-03-17T17:47:41.000Z")
    }
}
