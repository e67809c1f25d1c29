import Foundation
import XCTest

@testable import IngestService

/// Connecting RevenueCat per app (docs/revenuecat.md, "Connect a project") over the operator API,
/// with asod talking to a fake of RevenueCat's API v2.
final class RevenueCatConnectionTests: XCTestCase {
    private var fixture: RevenueCatFixture!
    private var projectId: String!
    private let key = RevenueCatFixture.key

    override func setUpWithError() throws {
        fixture = try RevenueCatFixture()
        projectId = try fixture.createProject(name: "Trails")
    }

    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/projects/\(projectId!)/integrations/revenuecat" }

    func testConnectingWithOneProjectStoresTheSealedKeyAndTheFirstSnapshot() throws {
        // Given a key that sees one RevenueCat project
        try fixture.state(projects: [("proj1a2b3c4d", "Trails iOS")], keys: [key: ["projects": ["proj1a2b3c4d"]]])
        // When the owner connects without choosing a project
        let connected = try fixture.connect(projectId)
        // Then that project is connected, and the answer has no key and is not cached
        XCTAssertEqual(connected.status, 200, connected.text)
        XCTAssertEqual(connected.json["connected"] as? Bool, true)
        XCTAssertEqual(connected.json["revenueCatProjectId"] as? String, "proj1a2b3c4d")
        XCTAssertEqual(connected.json["revenueCatProjectName"] as? String, "Trails iOS")
        XCTAssertEqual(connected.header("Cache-Control"), "no-store")
        // And RevenueCat was asked with the key as a bearer token, for the projects then the overview
        let calls = try fixture.log()
        XCTAssertEqual(calls.compactMap { $0["route"] as? String }, ["GET /projects", "GET /projects/{project_id}/metrics/overview"])
        XCTAssertEqual(calls.compactMap { $0["auth"] as? String }, ["Bearer " + key, "Bearer " + key])
        XCTAssertEqual(calls.last?["path"] as? String, "/v2/projects/proj1a2b3c4d/metrics/overview")
        // And the first snapshot was stored with the connection
        XCTAssertEqual(try fixture.snapshotCount(projectId), 1)
        let overview = try fixture.overview(projectId)
        XCTAssertEqual(overview.status, 200, overview.text)
        XCTAssertEqual(overview.json["currency"] as? String, "USD")
        XCTAssertNotNil(overview.json["syncedAt"] as? String)
        let latest = try XCTUnwrap(overview.json["latest"] as? [String: Any])
        let metrics = try XCTUnwrap(latest["metrics"] as? [String: Any])
        XCTAssertEqual(metrics["mrr"] as? Double, 1_234.5)
        XCTAssertEqual(metrics["active_users"] as? Double, 2_048)
        XCTAssertEqual(latest["period"] as? String, "P28D")
        XCTAssertEqual((overview.json["snapshots"] as? [[String: Any]])?.count, 1)
        // And the key is stored sealed, never in plain text, in no answer and in no log line
        let sealed = try XCTUnwrap(try fixture.asodStore.scalar("SELECT sealed_key FROM revenue_connections").stringValue)
        XCTAssertFalse(sealed.contains(key))
        let read = try fixture.call("GET", path)
        XCTAssertEqual(read.json["connected"] as? Bool, true)
        XCTAssertEqual(read.header("Cache-Control"), "no-store")
        for reply in [connected, read, overview] { XCTAssertFalse(reply.text.contains(key)) }
        XCTAssertFalse(fixture.hub.logSink.lines.joined(separator: "\n").contains(key), "the key was logged")
    }

    func testASecondProjectMeansChoosingOneFirst() throws {
        // Given a key that sees two RevenueCat projects
        try fixture.state(
            projects: [("projTrails01", "Trails iOS"), ("projSketch02", "Sketch Pad")],
            keys: [key: ["projects": ["projTrails01", "projSketch02"]]])
        // When the owner connects without choosing
        let unchosen = try fixture.connect(projectId)
        // Then PROJECT_REQUIRED lists both, and nothing is stored
        XCTAssertEqual(unchosen.status, 409, unchosen.text)
        XCTAssertEqual(unchosen.code, "PROJECT_REQUIRED")
        let listed = try XCTUnwrap(
            ((unchosen.json["error"] as? [String: Any])?["fields"] as? [String: Any])?["projects"] as? [[String: Any]])
        XCTAssertEqual(listed.compactMap { $0["id"] as? String }, ["projTrails01", "projSketch02"])
        XCTAssertEqual(listed.compactMap { $0["name"] as? String }, ["Trails iOS", "Sketch Pad"])
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, false)
        XCTAssertEqual(try fixture.snapshotCount(projectId), 0)
        // When a project the key does not see is chosen, the answer is the same choice
        let unknown = try fixture.connect(projectId, choose: "projElsewhere")
        XCTAssertEqual(unknown.status, 409)
        XCTAssertEqual(unknown.code, "PROJECT_REQUIRED")
        // When one of the two is chosen
        let chosen = try fixture.connect(projectId, choose: "projSketch02")
        // Then it is connected, with its overview as the first snapshot
        XCTAssertEqual(chosen.status, 200, chosen.text)
        XCTAssertEqual(chosen.json["revenueCatProjectId"] as? String, "projSketch02")
        XCTAssertEqual(try fixture.overviewCalls().last?["path"] as? String, "/v2/projects/projSketch02/metrics/overview")
        XCTAssertEqual(try fixture.snapshotCount(projectId), 1)
    }

    func testAPublicSDKKeyIsRefusedWithoutAskingRevenueCat() throws {
        try fixture.state(projects: [("proj1a2b3c4d", "Trails iOS")], keys: [key: ["projects": ["proj1a2b3c4d"]]])
        // When the owner pastes the app's public SDK key
        let refused = try fixture.connect(projectId, key: "appl_AbCdEfGhIjKlMnOpQrStUvWxYz1")
        // Then it is refused with a field error naming it a public SDK key
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertEqual(refused.code, "INVALID_PAYLOAD")
        XCTAssertTrue(refused.fields["secretKey"]?.first?.contains("public SDK key") ?? false, refused.text)
        // And RevenueCat was never called, and nothing is stored
        XCTAssertEqual(try fixture.log().count, 0)
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, false)
        XCTAssertEqual(try fixture.asodStore.scalar("SELECT COUNT(*) FROM revenue_connections").intValue, 0)
    }

    func testAKeyWithoutTheOverviewPermissionIsMissingPermission() throws {
        // Given a key that may list projects but not read metrics
        try fixture.state(
            projects: [("proj1a2b3c4d", "Trails iOS")],
            keys: [key: ["projects": ["proj1a2b3c4d"], "permissions": ["project_configuration:projects:read"]]])
        // When the owner connects
        let refused = try fixture.connect(projectId)
        // Then the overview's 403 is MISSING_PERMISSION, and nothing is stored
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertEqual(refused.code, "MISSING_PERMISSION")
        XCTAssertEqual(try fixture.overviewCalls().count, 1)
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, false)
        XCTAssertEqual(try fixture.snapshotCount(projectId), 0)
    }

    func testAnUnknownKeyIsCredentialsRejected() throws {
        try fixture.state(projects: [("proj1a2b3c4d", "Trails iOS")], keys: [key: ["projects": ["proj1a2b3c4d"]]])
        // When a secret key RevenueCat does not know is sent
        let refused = try fixture.connect(projectId, key: "sk_revoked_0000000000000000")
        // Then RevenueCat's 401 is CREDENTIALS_REJECTED, and nothing is stored
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertEqual(refused.code, "CREDENTIALS_REJECTED")
        XCTAssertEqual(try fixture.log().first?["status"] as? Int, 401)
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, false)
    }

    func testChangingTheKeyVerifiesTheNewOneBeforeReplacingTheOld() throws {
        // Given a connection
        let other = RevenueCatFixture.otherKey
        try fixture.state(
            projects: [("proj1a2b3c4d", "Trails iOS")],
            keys: [key: ["projects": ["proj1a2b3c4d"]], other: ["projects": ["proj1a2b3c4d"], "permissions": []]])
        XCTAssertEqual(try fixture.connect(projectId).status, 200)
        let sealed = try fixture.asodStore.scalar("SELECT sealed_key FROM revenue_connections").stringValue
        // When the key is changed to one RevenueCat refuses the project list to
        let refused = try fixture.connect(projectId, key: other)
        // Then the old connection stays as it was
        XCTAssertEqual(refused.code, "MISSING_PERMISSION")
        XCTAssertEqual(try fixture.asodStore.scalar("SELECT sealed_key FROM revenue_connections").stringValue, sealed)
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, true)
    }

    func testAReadTokenMayReadButNotConnectOrDisconnect() throws {
        try fixture.state(projects: [("proj1a2b3c4d", "Trails iOS")], keys: [key: ["projects": ["proj1a2b3c4d"]]])
        XCTAssertEqual(try fixture.connect(projectId).status, 200)
        // Given a read token
        let reader = try fixture.createToken(name: "reader", scope: "read")
        // Then it reads the connection and the overview, and its connect and disconnect are refused
        XCTAssertEqual(try fixture.call("GET", path, token: reader).status, 200)
        XCTAssertEqual(try fixture.call("GET", "/projects/\(projectId!)/revenue", token: reader).status, 200)
        XCTAssertEqual(try fixture.connect(projectId, token: reader).status, 403)
        XCTAssertEqual(try fixture.call("DELETE", path, token: reader).status, 403)
        XCTAssertEqual(try fixture.call("GET", path).json["connected"] as? Bool, true)
        XCTAssertEqual(try fixture.overviewCalls().count, 1)
    }

    func testDaysMustBeOneToNinety() throws {
        // When the overview is asked for 0, 1, 90 and 91 days
        let answers = try ["0", "1", "90", "91"].map { try fixture.overview(projectId, days: $0) }
        // Then 1 and 90 answer (empty without a connection: unknown, not zero), 0 and 91 are INVALID_QUERY
        XCTAssertEqual(answers.map(\.status), [400, 200, 200, 400])
        XCTAssertEqual(answers[0].code, "INVALID_QUERY")
        XCTAssertEqual(answers[3].code, "INVALID_QUERY")
        XCTAssertTrue(answers[1].json["latest"] is NSNull)
        XCTAssertTrue(answers[1].json["currency"] is NSNull)
        XCTAssertEqual((answers[2].json["snapshots"] as? [Any])?.count, 0)
    }
}
