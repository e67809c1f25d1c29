import Foundation
import XCTest

@testable import HubMessaging
@testable import HubStore

/// `revenue.signals`, asod's answer to the notifications feed: MRR changes of 10% or more
/// between snapshots of consecutive UTC days (issue 25, "Notifications feed").
final class RevenueSignalsTests: XCTestCase {
    private var fixture: RevenueCatFixture!

    override func setUpWithError() throws { fixture = try RevenueCatFixture() }
    override func tearDown() { fixture?.shutdown() }

    private func snapshot(_ projectId: String, _ day: String, mrr: Double?, currency: String = "USD") throws {
        try fixture.asodStore.run(
            """
            INSERT INTO revenue_snapshots (project_id, day, rc_project_id, currency, last_updated_at, mrr, metrics_json, synced_at)
            VALUES (?, ?, 'proj1', ?, ?, ?, '[]', ?)
            """,
            [.text(projectId), .text(day), .text(currency), .text(day + "T06:00:00Z"), SQLValue(mrr), .text(day + "T07:00:00.000Z")])
    }

    private func signals(_ projectIds: [String], since: String, limit: Int = 50) throws -> [RevenueSignal] {
        let client = try fixture.hub.client(of: .asod, defaultTimeout: 5)
        defer { client.close() }
        return try client.call(RevenueSignals.self, .init(projectIds: projectIds, sinceDay: since, limit: limit)).get().items
    }

    func testOnlyConsecutiveDaysWithAChangeOfTenPercentOrMoreAreSignals() throws {
        // Given app A: +10% (a signal), then +9.9% (not), then a gap of a day before doubling (not)
        try snapshot("A", "2026-11-01", mrr: 100)
        try snapshot("A", "2026-11-02", mrr: 110)
        try snapshot("A", "2026-11-03", mrr: 120.89)
        try snapshot("A", "2026-11-05", mrr: 241.78)
        // And app B: from 0 (no ratio), from unknown (no ratio), then -10% (a signal) and -9.9% (not)
        try snapshot("B", "2026-11-01", mrr: 0)
        try snapshot("B", "2026-11-02", mrr: 50)
        try snapshot("B", "2026-11-03", mrr: nil)
        try snapshot("B", "2026-11-04", mrr: 40)
        try snapshot("B", "2026-11-05", mrr: 36)
        try snapshot("B", "2026-11-06", mrr: 32.436)
        // And app C, not asked for, with a large change
        try snapshot("C", "2026-11-01", mrr: 10)
        try snapshot("C", "2026-11-02", mrr: 100)

        // When the feed asks for A and B since the first day
        let found = try signals(["A", "B"], since: "2026-11-01")
        // Then exactly the two edges of 10% are signals, newest first, with both figures
        XCTAssertEqual(found.map(\.projectId), ["B", "A"])
        XCTAssertEqual(found.map(\.day), ["2026-11-05", "2026-11-02"])
        XCTAssertEqual(found.map(\.changePercent), [-10.0, 10.0])
        XCTAssertEqual(found.last?.previousMrr, 100)
        XCTAssertEqual(found.last?.mrr, 110)
        XCTAssertEqual(found.last?.currency, "USD")
        XCTAssertEqual(found.last?.lastUpdatedAt, "2026-11-02T06:00:00Z")

        // When it asks from a later day, or for one item
        // Then only changes whose later day is on or after it count, and the limit holds
        XCTAssertEqual(try signals(["A", "B"], since: "2026-11-03").map(\.day), ["2026-11-05"])
        XCTAssertEqual(try signals(["A", "B"], since: "2026-11-01", limit: 1).map(\.projectId), ["B"])
    }

    func testAChangeOfCurrencyIsNotASignal() throws {
        // Given figures in another currency on the next day
        try snapshot("A", "2026-11-01", mrr: 100, currency: "USD")
        try snapshot("A", "2026-11-02", mrr: 150, currency: "EUR")
        // Then the two are not compared
        XCTAssertEqual(try signals(["A"], since: "2026-11-01").count, 0)
    }
}
