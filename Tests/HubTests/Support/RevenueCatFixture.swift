import Foundation
import XCTest

@testable import HubCrypto
@testable import HubStore
@testable import IngestService

/// A fake RevenueCat API v2 (`Tests/Fixtures/fake_revenuecat.py`) and a hub with ingest and asod
/// pointed at it, sealing keys under `APPNORTH_CREDENTIALS_KEY`.
final class RevenueCatFixture: OperatorAPIClient {
    static let key = "sk_test_5bB9xKq2LmN8pRt4VwY7zA3c"
    static let otherKey = "sk_test_other_7hJ2kL9mN4pQ6rS8"
    let fake: FakeControl
    private(set) var admin: AdminClient!
    var hub: HubHarness { admin.hub }

    init(environment: [String: String] = [:]) throws {
        fake = try FakeControl(script: "fake_revenuecat.py")
        var env = [Keyring.environmentVariable: String(repeating: "ab", count: 32), "APPNORTH_REVENUECAT_URL": fake.baseURL]
        env.merge(environment) { _, new in new }
        admin = try AdminClient(environment: env)
        try admin.hub.startDaemon(.asod)
    }

    func shutdown() {
        admin?.shutdown()
        fake.stop()
    }

    /// The six overview figures RevenueCat's dashboard shows, by metric ID.
    static let metrics: [String: Any] = [
        "mrr": 1_234.5, "revenue": 4_321.0, "active_subscriptions": 150, "active_trials": 12, "new_customers": 310,
        "active_users": 2_048,
    ]

    /// RevenueCat projects (`[id: name]`) and which keys see them; permissions default to both
    /// the project list and the overview.
    func state(projects: [(id: String, name: String)], keys: [String: [String: Any]], metrics: [String: Any] = RevenueCatFixture.metrics)
        throws
    {
        try fake.post(
            "/__control/state",
            [
                "keys": keys,
                "projects": projects.map { ["id": $0.id, "name": $0.name, "currency": "USD", "metrics": metrics] as [String: Any] },
            ])
    }

    func setMetrics(_ projectId: String, _ metrics: [String: Any]) throws {
        try fake.post("/__control/metrics", ["projectId": projectId, "metrics": metrics])
    }

    func script(route: String, _ responses: [[String: Any]]) throws {
        try fake.post("/__control/script", ["route": route, "responses": responses])
    }

    /// Every API call the fake received, oldest first.
    func log() throws -> [[String: Any]] {
        try XCTUnwrap(try fake.get("/__control/log") as? [[String: Any]])
    }

    func overviewCalls() throws -> [[String: Any]] {
        try log().filter { $0["route"] as? String == "GET /projects/{project_id}/metrics/overview" }
    }

    func connect(_ projectId: String, key: String = RevenueCatFixture.key, choose: String? = nil, token: String = OperatorAPI.token)
        throws -> HubReply
    {
        var body: [String: Any] = ["secretKey": key]
        if let choose { body["projectId"] = choose }
        return try call("PUT", "/projects/\(projectId)/integrations/revenuecat", json: body, token: token)
    }

    func runJob() throws -> HubReply { try call("POST", "/jobs/revenue/run") }

    func overview(_ projectId: String, days: String? = nil) throws -> HubReply {
        try call("GET", "/projects/\(projectId)/revenue" + (days.map { "?days=" + $0 } ?? ""))
    }

    var asodStore: SQLiteDatabase { hub.daemons[.asod]!.context.store }

    func snapshotCount(_ projectId: String) throws -> Int {
        try XCTUnwrap(try asodStore.scalar("SELECT COUNT(*) FROM revenue_snapshots WHERE project_id = ?", [.text(projectId)]).intValue)
    }
}
