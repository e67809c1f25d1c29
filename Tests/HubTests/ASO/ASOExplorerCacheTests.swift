import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// The shared observation cache: keyed by normalized term, country, UTC day and source; shared
/// across organizations; a hit uses no quota.
final class ASOExplorerCacheTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testNormalizationTrimsLowercasesAndCollapsesSpaces() {
        // Given / When / Then
        XCTAssertEqual(ASOTerm.normalize("  Photo \t  EDITOR\n "), "photo editor")
        XCTAssertEqual(ASOTerm.normalize("Ébène   Noir"), "ébène noir")
        XCTAssertNil(ASOTerm.problem("  x "))
        XCTAssertNotNil(ASOTerm.problem("   "))
        XCTAssertNotNil(ASOTerm.problem(String(repeating: "a", count: 101)))
        XCTAssertNil(ASOTerm.problem(String(repeating: "a", count: 100)))
    }

    func testSpellingsOfOneNormalizedTermShareOneObservation() throws {
        // Given a first live search
        let first = try fixture.explore("Photo Editor").get()
        XCTAssertFalse(first.cached)
        XCTAssertEqual(first.quota.used, 1)

        // When the same term is searched with other spacing and case
        let second = try fixture.explore("  photo    EDITOR ").get()

        // Then it is a cache hit: the provider was asked once, with the normalized term, and no quota was used
        XCTAssertTrue(second.cached)
        XCTAssertEqual(second.observedAt, first.observedAt)
        XCTAssertEqual(second.results.map(\.adamId), first.results.map(\.adamId))
        XCTAssertEqual(second.quota.used, 1)
        let searches = try fixture.fake.searches()
        XCTAssertEqual(searches.count, 1)
        XCTAssertEqual(searches.first?["term"], "photo editor")
        XCTAssertEqual(searches.first?["entity"], "software")
        XCTAssertEqual(searches.first?["limit"], "50")
    }

    func testCountriesAreSeparateObservations() throws {
        // Given different answers per country
        try fixture.fake.script(term: "notes", country: "us", results: [ASOFakeITunes.app(1, "Notes US")])
        try fixture.fake.script(term: "notes", country: "de", results: [ASOFakeITunes.app(2, "Notizen DE")])

        // When the term is searched in both
        let us = try fixture.explore("notes", "us").get()
        let de = try fixture.explore("Notes", "DE").get()
        let usAgain = try fixture.explore("notes", "us").get()

        // Then each country has its own observation, and each was fetched once
        XCTAssertEqual(us.results.map(\.adamId), ["1"])
        XCTAssertEqual(de.results.map(\.adamId), ["2"])
        XCTAssertFalse(de.cached)
        XCTAssertTrue(usAgain.cached)
        XCTAssertEqual(try fixture.fake.searches().map { $0["country"] ?? "" }, ["us", "de"])
    }

    func testOtherOrganizationsReuseTheObservationWithoutQuota() throws {
        // Given organization A searched the term
        _ = try fixture.explore("habit tracker", organization: "org-a").get()

        // When organization B opens it the same day
        let b = try fixture.explore("habit tracker", organization: "org-b").get()

        // Then B gets the cached observation and its own untouched quota
        XCTAssertTrue(b.cached)
        XCTAssertEqual(b.quota.used, 0)
        XCTAssertEqual(b.quota.remaining, 30)
        XCTAssertEqual(try fixture.fake.searches().count, 1)
    }

    func testCacheHitAfterQuotaExhaustionStillAnswers() throws {
        // Given a cached term and an organization that then used its whole quota
        _ = try fixture.explore("budget").get()
        for i in 1..<30 { _ = try fixture.explore("term \(i)").get() }
        guard case .failure(let refused) = fixture.explore("one more") else { return XCTFail("quota not enforced") }
        XCTAssertEqual(refused.code, "QUOTA_EXHAUSTED")

        // When the cached term is opened again
        let hit = try fixture.explore("Budget").get()

        // Then it answers from the cache, showing the exhausted quota
        XCTAssertTrue(hit.cached)
        XCTAssertEqual(hit.quota.used, 30)
        XCTAssertEqual(hit.quota.remaining, 0)
        XCTAssertEqual(try fixture.fake.searches().count, 30)
    }

    func testANewUTCDayIsANewObservationKeepingTheEarlierOne() throws {
        // Given an observation made just before midnight UTC
        fixture.clock.set(ISOTime.parse("2026-11-30T23:59:59.000Z")!)
        _ = try fixture.explore("weather").get()

        // When the term is searched after 00:00 UTC
        fixture.clock.set(ISOTime.parse("2026-12-01T00:00:01.000Z")!)
        let next = try fixture.explore("weather").get()

        // Then the provider is asked again and both days stay stored
        XCTAssertFalse(next.cached)
        XCTAssertEqual(try fixture.fake.searches().count, 2)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM observations WHERE term = 'weather'").intValue, 2)
        XCTAssertEqual(
            try fixture.db.query("SELECT day FROM observations ORDER BY day").compactMap { $0.string("day") },
            ["2026-11-30", "2026-12-01"])
    }
}
