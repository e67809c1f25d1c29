import Foundation
import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService

/// The `revenue` job and the overview (docs/revenuecat.md, "Understand the metrics" and
/// "Change or remove the connection"): one snapshot per app per UTC day, unknown stays unknown,
/// RevenueCat's rate limits are waited out, and history outlives a disconnect.
final class RevenueCatSyncTests: XCTestCase {
    private var fixture: RevenueCatFixture!
    private var projectId: String!
    private let key = RevenueCatFixture.key
    private let rcProject = "proj1a2b3c4d"

    override func setUpWithError() throws {
        fixture = try RevenueCatFixture()
        projectId = try fixture.createProject(name: "Trails")
        try fixture.state(projects: [(rcProject, "Trails iOS")], keys: [key: ["projects": [rcProject]]])
        let connected = try fixture.connect(projectId)
        XCTAssertEqual(connected.status, 200, connected.text)
    }

    override func tearDown() { fixture?.shutdown() }

    private func latestMetrics() throws -> [String: Any] {
        let overview = try fixture.overview(projectId)
        XCTAssertEqual(overview.status, 200, overview.text)
        return try XCTUnwrap((overview.json["latest"] as? [String: Any])?["metrics"] as? [String: Any])
    }

    func testASecondRunTheSameDayReplacesTheRowAndAMissingMetricStaysNull() throws {
        // Given new figures at RevenueCat, without active trials and with a metric AppNorth does not map
        try fixture.setMetrics(
            rcProject,
            [
                "mrr": 1_300.0, "revenue": 4_500.0, "active_subscriptions": 155, "new_customers": 320, "active_users": 2_100,
                "churn_rate": 2.5,
            ])
        // When the revenue job runs the same UTC day as the connect
        let run = try fixture.runJob()
        // Then it stored one snapshot, replacing the day's row with the new values
        XCTAssertEqual(run.status, 200, run.text)
        XCTAssertEqual(run.json["processed"] as? Int, 1)
        XCTAssertEqual(try fixture.snapshotCount(projectId), 1)
        let metrics = try latestMetrics()
        XCTAssertEqual(metrics["mrr"] as? Double, 1_300)
        XCTAssertEqual(metrics["active_subscriptions"] as? Double, 155)
        // And the missing metric is null, not zero and not the earlier value; the unknown one is kept
        XCTAssertTrue(metrics["active_trials"] is NSNull, "\(metrics)")
        XCTAssertEqual(metrics["churn_rate"] as? Double, 2.5)
        XCTAssertTrue(try fixture.asodStore.scalar("SELECT active_trials FROM revenue_snapshots").isNull)
        let stored = try XCTUnwrap(try fixture.asodStore.scalar("SELECT metrics_json FROM revenue_snapshots").stringValue)
        XCTAssertTrue(stored.contains("churn_rate"))
    }

    func testA429WithAMillisecondRetryAfterIsWaitedOutAndRetriedOnce() throws {
        // Given RevenueCat answering the next overview with 429 and Retry-After: 1200 (milliseconds in this API)
        try fixture.script(route: "GET /projects/{project_id}/metrics/overview", [["status": 429, "retryAfterMs": 1_200]])
        try fixture.setMetrics(rcProject, ["mrr": 1_400.0])
        // When the job runs
        let run = try fixture.runJob()
        // Then it retried after at least that long, measured at RevenueCat, and stored the answer
        XCTAssertEqual(run.json["processed"] as? Int, 1, run.text)
        let calls = try fixture.overviewCalls().suffix(2)
        XCTAssertEqual(calls.compactMap { $0["status"] as? Int }, [429, 200])
        let gap = try XCTUnwrap(calls.last?["at"] as? Double) - XCTUnwrap(calls.first?["at"] as? Double)
        XCTAssertGreaterThanOrEqual(gap, 1.2)
        XCTAssertLessThan(gap, 30, "Retry-After was read as seconds")
        XCTAssertEqual(try latestMetrics()["mrr"] as? Double, 1_400)
    }

    func testBackoffMsIsHonouredAndASecond429LeavesTheAppForTheNextPass() throws {
        // Given two 429s in a row, the first saying only backoff_ms in its body
        try fixture.script(
            route: "GET /projects/{project_id}/metrics/overview",
            [["status": 429, "backoffMs": 700], ["status": 429, "retryAfterMs": 500]])
        try fixture.setMetrics(rcProject, ["mrr": 9_999.0])
        // When the job runs
        let run = try fixture.runJob()
        // Then it waited the backoff, tried once more, and left the app: nothing stored, the error recorded
        XCTAssertEqual(run.json["processed"] as? Int, 0, run.text)
        let calls = try fixture.overviewCalls().suffix(2)
        XCTAssertEqual(calls.compactMap { $0["status"] as? Int }, [429, 429])
        let gap = try XCTUnwrap(calls.last?["at"] as? Double) - XCTUnwrap(calls.first?["at"] as? Double)
        XCTAssertGreaterThanOrEqual(gap, 0.7)
        XCTAssertEqual(try latestMetrics()["mrr"] as? Double, 1_234.5)
        let state = try fixture.call("GET", "/projects/\(projectId!)/integrations/revenuecat")
        XCTAssertTrue((state.json["lastError"] as? String)?.hasPrefix("PROVIDER_RATE_LIMITED") ?? false, state.text)
        // And the next pass, unthrottled, stores the figures and clears the error
        XCTAssertEqual(try fixture.runJob().json["processed"] as? Int, 1)
        XCTAssertEqual(try latestMetrics()["mrr"] as? Double, 9_999)
        XCTAssertTrue(try fixture.call("GET", "/projects/\(projectId!)/integrations/revenuecat").json["lastError"] is NSNull)
    }

    func testAFailingAppIsRecordedAndThePassGoesOn() throws {
        // Given a second app whose key RevenueCat stops accepting
        let other = try fixture.createProject(name: "Sketch")
        let otherKey = RevenueCatFixture.otherKey
        try fixture.state(
            projects: [(rcProject, "Trails iOS")], keys: [key: ["projects": [rcProject]], otherKey: ["projects": [rcProject]]])
        XCTAssertEqual(try fixture.connect(other, key: otherKey).status, 200)
        try fixture.state(projects: [(rcProject, "Trails iOS")], keys: [key: ["projects": [rcProject]]])
        // When the job runs
        let run = try fixture.runJob()
        // Then the first app is synchronized, the other's rejection recorded on its connection, not thrown
        XCTAssertEqual(run.status, 200, run.text)
        XCTAssertEqual(run.json["processed"] as? Int, 1)
        let failed = try fixture.call("GET", "/projects/\(other)/integrations/revenuecat")
        XCTAssertTrue((failed.json["lastError"] as? String)?.hasPrefix("CREDENTIALS_REJECTED") ?? false, failed.text)
        XCTAssertNotNil(failed.json["lastErrorAt"] as? String)
        XCTAssertFalse(fixture.hub.logSink.lines.joined(separator: "\n").contains(otherKey))
    }

    func testAStoredKeyTheKeyringCannotOpenIsCredentialsUnreadable() throws {
        // Given a stored key sealed under another keyring (the credentials key was changed)
        try fixture.asodStore.run("UPDATE revenue_connections SET sealed_key = 'v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'")
        let before = try fixture.overviewCalls().count
        // When the job runs
        XCTAssertEqual(try fixture.runJob().json["processed"] as? Int, 0)
        // Then the connection records CREDENTIALS_UNREADABLE, and RevenueCat was not asked
        let state = try fixture.call("GET", "/projects/\(projectId!)/integrations/revenuecat")
        XCTAssertTrue((state.json["lastError"] as? String)?.hasPrefix("CREDENTIALS_UNREADABLE") ?? false, state.text)
        XCTAssertEqual(try fixture.overviewCalls().count, before)
    }

    func testWithoutAKeyringNothingIsConnected() throws {
        // Given asod's connections without a keyring
        let connections = RevenueCatConnections(
            db: fixture.asodStore, clock: SystemClock(), keyring: nil, baseURL: fixture.fake.baseURL, caFile: nil,
            logger: Logger(daemon: "asod", sink: MemoryLogSink()))
        let before = try fixture.log().count
        let other = try fixture.createProject(name: "Sketch")
        // When an app connects
        XCTAssertThrowsError(
            try connections.connect(.init(organizationId: "org", projectId: other, secretKey: key, revenueCatProjectId: nil))
        ) { error in
            // Then it is ENCRYPTION_NOT_CONFIGURED before RevenueCat is asked, and nothing is stored
            XCTAssertEqual((error as? RPCError)?.code, "ENCRYPTION_NOT_CONFIGURED")
        }
        XCTAssertEqual(try fixture.log().count, before)
        XCTAssertEqual(try connections.connection(projectId: other).connected, false)
    }

    func testDisconnectKeepsTheSnapshots() throws {
        // When the owner disconnects
        let path = "/projects/\(projectId!)/integrations/revenuecat"
        XCTAssertEqual(try fixture.call("DELETE", path).status, 204)
        // Then the connection reads as not connected and a second disconnect is NOT_CONNECTED
        let state = try fixture.call("GET", path)
        XCTAssertEqual(state.status, 200)
        XCTAssertEqual(state.json["connected"] as? Bool, false)
        XCTAssertEqual(try fixture.call("DELETE", path).code, "NOT_CONNECTED")
        // And the overview still lists the stored snapshot
        let overview = try fixture.overview(projectId)
        XCTAssertEqual(overview.json["connected"] as? Bool, false)
        XCTAssertEqual((overview.json["snapshots"] as? [[String: Any]])?.count, 1)
        XCTAssertEqual(((overview.json["latest"] as? [String: Any])?["metrics"] as? [String: Any])?["mrr"] as? Double, 1_234.5)
        // And the job no longer asks RevenueCat for this app
        let before = try fixture.overviewCalls().count
        XCTAssertEqual(try fixture.runJob().json["processed"] as? Int, 0)
        XCTAssertEqual(try fixture.overviewCalls().count, before)
    }
}
