import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// The seven-day change exists only when the latest rank and the rank dated exactly seven days
/// earlier both exist; positive means positions gained.
final class ASOSevenDayChangeTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    /// Tracks "notes" for app 999 and observes it on the given days with the given rank (nil:
    /// observed without the app); returns the listed keyword.
    private func keyword(after observations: [(day: String, rank: Int?)]) throws -> ASOTrackedKeyword {
        try fixture.track(["notes"])
        for (day, rank) in observations {
            fixture.clock.set(ISOTime.parse(day + "T09:00:00.000Z")!)
            var apps: [Int64] = (1...20).map { Int64($0) }
            if let rank { apps.insert(999, at: rank - 1) }
            try fixture.observe("notes", apps: apps)
        }
        return try XCTUnwrap(fixture.list().first)
    }

    func testBothRanksGiveTheChangeAsPositionsGained() throws {
        // Given rank 10 on the 23rd and 4 on the 30th
        let k = try keyword(after: [("2026-11-23", 10), ("2026-11-30", 4)])
        // Then
        XCTAssertEqual(k.rank, 4)
        XCTAssertEqual(k.change7d, 6)
    }

    func testALostPositionIsNegative() throws {
        let k = try keyword(after: [("2026-11-23", 2), ("2026-11-30", 7)])
        XCTAssertEqual(k.change7d, -5)
    }

    func testNoRankDatedSevenDaysEarlierGivesNoChange() throws {
        // Given ranks six and eight days earlier, but none exactly seven
        let k = try keyword(after: [("2026-11-22", 9), ("2026-11-24", 9), ("2026-11-30", 4)])
        // Then
        XCTAssertEqual(k.rank, 4)
        XCTAssertNil(k.change7d)
    }

    func testAnUnrankedEarlierObservationGivesNoChange() throws {
        let k = try keyword(after: [("2026-11-23", nil), ("2026-11-30", 4)])
        XCTAssertEqual(k.status, .ranked)
        XCTAssertNil(k.change7d)
    }

    func testAnUnrankedLatestObservationGivesNoChange() throws {
        let k = try keyword(after: [("2026-11-23", 3), ("2026-11-30", nil)])
        XCTAssertEqual(k.status, .unranked)
        XCTAssertNil(k.change7d)
    }

    func testASingleObservationGivesNoChange() throws {
        let k = try keyword(after: [("2026-11-30", 4)])
        XCTAssertEqual(k.rank, 4)
        XCTAssertNil(k.change7d)
    }

    func testTheChangeFollowsTheLatestObservationNotToday() throws {
        // Given ranks on the 16th and 23rd, nothing since; the clock is on the 30th
        let k = try keyword(after: [("2026-11-16", 8), ("2026-11-23", 5)])
        fixture.clock.set(ISOTime.parse("2026-11-30T09:00:00.000Z")!)
        let listed = try XCTUnwrap(fixture.list().first)
        // Then the change compares the latest dated rank with the one seven days before it
        XCTAssertEqual(k.change7d, 3)
        XCTAssertEqual(listed.rankDate, "2026-11-23")
        XCTAssertEqual(listed.change7d, 3)
    }
}
