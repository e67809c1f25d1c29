import Foundation
import XCTest

@testable import IngestService

final class AdminBootstrapTests: XCTestCase {
    func testAdminTokenBootstrapsTheDefaultOrganizationOnceAcrossRestarts() throws {
        // Given APPNORTH_ADMIN_TOKEN set
        let token = "an_" + String(repeating: "k", count: 40)
        let hub = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": token])
        defer { hub.shutdown() }
        try hub.start([.ingest])
        // When ingest restarts with the same value
        hub.stopDaemon(.ingest)
        try hub.start([.ingest])
        // Then one organization `default` owns one write token with that value, stored only as a hash
        let store = hub.app!.store
        let auth = try XCTUnwrap(try store.authenticate(token: token))
        XCTAssertEqual(auth.scope, .write)
        XCTAssertEqual(try store.organization(id: auth.organizationId)?.slug, "default")
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM organizations").intValue, 1)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM api_tokens").intValue, 1)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM api_tokens WHERE token_hash = ?", [.text(token)]).intValue, 0)
        XCTAssertNil(try store.authenticate(token: token + "x"))
    }

    func testANewProjectHasTheIdeasBoardWithDefaultStatuses() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        let org = try store.createOrganization(slug: "acme", name: "Acme")
        // When a project is created
        let project = try store.createProject(organizationId: org.id, name: "App", allowedOrigins: ["http://localhost"])
        // Then its public App ID differs from its ID, chat is identified, and one open board exists
        XCTAssertNotEqual(project.appId, project.id)
        XCTAssertTrue(project.appId.hasPrefix("app_"))
        XCTAssertEqual(project.chatMode, .identified)
        let boards = try store.boards(projectId: project.id)
        XCTAssertEqual(boards.map(\.slug), ["ideas"])
        XCTAssertEqual(boards[0].policies, .open)
        XCTAssertEqual(boards[0].moderation, .none)
        XCTAssertEqual(boards[0].statuses.map(\.slug), ["open", "planned", "in-progress", "done", "declined"])
        XCTAssertEqual(boards[0].statuses.filter(\.isFinal).map(\.slug), ["done", "declined"])
        XCTAssertEqual(boards[0].statuses.filter(\.isDefault).map(\.slug), ["open"])
    }
}
