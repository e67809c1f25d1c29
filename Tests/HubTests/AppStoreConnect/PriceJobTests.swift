import Foundation
import XCTest

@testable import IngestService

/// The price-job state machine against the fake App Store Connect: submission records pending
/// work, the worker rereads Apple before each write, conflicts and unavailable points fail, the
/// base territory goes last, a timed-out write becomes uncertain and is reconciled without a
/// second write, and cancel, retry and rollback.
final class PriceJobTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!
    private var state: [String: Any]!

    override func setUpWithError() throws {
        state = ASCFixture.pricedState(ASCFixture.pricedApp())
        fixture = try ASCFixture.priced()
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    /// A purchasing-power preview from 4.99 USD: USA usa-499, GBR gbr-399 (4.31), IND ind-190 (185.1).
    private func submit(_ extra: [String: Any] = [:]) throws -> [String: Any] {
        let preview = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "sub1", "kind": "subscription", "territories": ["GBR", "IND"], "strategy": "purchasing_power",
                "basePrice": 4.99,
            ])
        XCTAssertEqual(preview.status, 201, "\(preview.json)")
        var body: [String: Any] = ["previewId": preview.json["previewId"] as Any]
        body.merge(extra) { _, new in new }
        let job = try admin.call("POST", "/projects/\(projectId!)/prices/jobs", json: body)
        XCTAssertEqual(job.status, 201, "\(job.json)")
        return job.json
    }

    private func states(_ job: [String: Any]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (job["items"] as? [[String: Any]] ?? []).compactMap { item in
                (item["territory"] as? String).flatMap { t in (item["state"] as? String).map { (t, $0) } }
            })
    }

    private func job(_ id: String) throws -> [String: Any] { try admin.call("GET", "/projects/\(projectId!)/prices/jobs/\(id)").json }
    private func runWorker() throws { XCTAssertEqual(try admin.call("POST", "/jobs/prices/run").status, 200) }
    private func writes() throws -> [[String: Any]] {
        try fixture.log().filter { $0["method"] as? String == "POST" && ($0["path"] as? String) == "/v1/subscriptionPrices" }
    }

    func testSubmissionOnlyRecordsAndTheWorkerWritesWithTheBaseTerritoryLast() throws {
        // When a job is submitted
        let submitted = try submit()
        let id = try XCTUnwrap(submitted["id"] as? String)
        // Then every item is pending and nothing was written
        XCTAssertEqual(states(submitted), ["USA": "pending", "GBR": "pending", "IND": "pending"])
        XCTAssertEqual(try writes().count, 0)
        // When the worker runs
        try runWorker()
        // Then each price is set, USA last, and the items succeeded
        XCTAssertEqual(states(try job(id)), ["USA": "succeeded", "GBR": "succeeded", "IND": "succeeded"])
        let territories = try writes().compactMap {
            ($0["body"] as? String).flatMap { body in
                ["USA", "GBR", "IND"].first { body.contains("\"\($0)\"") }
            }
        }
        XCTAssertEqual(territories.last, "USA")
        XCTAssertEqual(territories.count, 3)
        // And a second pass writes nothing more
        try runWorker()
        XCTAssertEqual(try writes().count, 3)
        // And a rollback queues the previous prices as a new job, processed like any other
        let rollback = try admin.call("POST", "/projects/\(projectId!)/prices/jobs/\(id)/rollback")
        XCTAssertEqual(rollback.status, 201, "\(rollback.json)")
        XCTAssertEqual(rollback.json["rollbackOf"] as? String, id)
        try runWorker()
        XCTAssertEqual(
            states(try job(try XCTUnwrap(rollback.json["id"] as? String))).values.sorted(), ["succeeded", "succeeded", "succeeded"])
        XCTAssertTrue((try writes().last?["body"] as? String)?.contains("usa-399") ?? false)
    }

    func testATimedOutWriteIsUncertainAndReconciledWithoutASecondWrite() throws {
        // Given Apple answers the India write only after the client has given up (the write still happens)
        try fixture.controlPost(
            "/__control/script",
            [
                "method": "POST", "path": "/v1/subscriptionPrices",
                "responses": [
                    ["status": 201, "delayMs": 3_500]
                ],
            ])
        let id = try XCTUnwrap(try submit(["territories": ["IND"]])["id"] as? String)
        // When the worker runs
        try runWorker()
        // Then the item is uncertain, not failed and not resent
        XCTAssertEqual(states(try job(id))["IND"], "uncertain")
        Thread.sleep(forTimeInterval: 2)
        // When the worker runs again
        try runWorker()
        // Then Apple's price is read, found at the target, and the item succeeded with one write in all
        XCTAssertEqual(states(try job(id))["IND"], "succeeded")
        XCTAssertEqual(try writes().count, 1)
        // And neither the key nor a token reached the logs, even for the failed write
        let logs = admin.hub.logSink.lines.joined(separator: "\n")
        XCTAssertFalse(logs.contains("PRIVATE KEY"))
        XCTAssertFalse(logs.contains("eyJhbGciOiJFUzI1NiI"), "a JWT was logged")
    }

    func testConflictsUnavailablePointsCancelAndRetry() throws {
        // Given a job for Britain and India
        let id = try XCTUnwrap(try submit(["territories": ["GBR", "IND"]])["id"] as? String)
        // When Britain's price changes in App Store Connect and India's target point is withdrawn
        var changed = state!
        var app = (changed["apps"] as! [[String: Any]])[0]
        app["subscriptionGroups"] = [
            [
                "id": "g1",
                "subscriptions": [
                    [
                        "id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly",
                        "currentPoints": ["USA": "usa-399", "GBR": "gbr-299", "IND": "ind-100"],
                    ]
                ],
            ]
        ]
        changed["apps"] = [app]
        var points = (changed["pricePoints"] as! [String: [String: [[String]]]])
        points["sub1"]!["IND"] = points["sub1"]!["IND"]!.filter { $0[0] != "ind-190" }
        changed["pricePoints"] = points
        changed["keys"] = [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": fixture.key.publicKeyPEM]]
        try fixture.controlPost("/__control/state", changed)
        try runWorker()
        // Then both fail with their reason and nothing was written
        let failed = try job(id)
        XCTAssertEqual(states(failed), ["GBR": "failed", "IND": "failed"])
        let errors = (failed["items"] as? [[String: Any]] ?? []).compactMap { $0["error"] as? String }
        XCTAssertTrue(errors.contains { $0.hasPrefix("CONFLICTING_CHANGE") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.hasPrefix("POINT_UNAVAILABLE") }, "\(errors)")
        XCTAssertEqual(try writes().count, 0)
        // And retry puts failed items back to pending; cancel stops them
        XCTAssertEqual(
            states(try admin.call("POST", "/projects/\(projectId!)/prices/jobs/\(id)/retry").json).values.sorted(), ["pending", "pending"])
        XCTAssertEqual(
            states(try admin.call("POST", "/projects/\(projectId!)/prices/jobs/\(id)/cancel").json).values.sorted(),
            ["cancelled", "cancelled"])
        try runWorker()
        XCTAssertEqual(try writes().count, 0)
    }
}
