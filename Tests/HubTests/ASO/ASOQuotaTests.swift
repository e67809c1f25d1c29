import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// The daily live-search quota: 30 per organization per UTC day, reserved before the provider
/// is contacted, a failed call still counting, reset at 00:00 UTC.
final class ASOQuotaTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture(now: "2026-11-30T18:30:00.000Z") }
    override func tearDown() { fixture?.shutdown() }

    func testEachLiveSearchReservesOneAndReportsTheNextMidnight() throws {
        // Given / When two live searches
        let first = try fixture.explore("alpha").get()
        let second = try fixture.explore("beta").get()

        // Then each took one search, and the reset is the next 00:00 UTC
        XCTAssertEqual(first.quota, ASOQuota(limit: 30, used: 1, resetsAt: "2026-12-01T00:00:00.000Z"))
        XCTAssertEqual(second.quota.used, 2)
        XCTAssertEqual(second.quota.remaining, 28)
    }

    func testTheThirtyFirstLiveSearchIsRefusedWithoutContactingTheProvider() throws {
        // Given 30 live searches
        for i in 0..<30 { _ = try fixture.explore("term \(i)").get() }

        // When a 31st new term is searched
        let result = fixture.explore("term 30")

        // Then it is 429 QUOTA_EXHAUSTED and the provider never saw it
        guard case .failure(let error) = result else { return XCTFail("expected QUOTA_EXHAUSTED") }
        XCTAssertEqual(error.code, "QUOTA_EXHAUSTED")
        XCTAssertEqual(error.status, 429)
        XCTAssertTrue(error.message.contains("2026-12-01T00:00:00.000Z"), error.message)
        let searches = try fixture.fake.searches()
        XCTAssertEqual(searches.count, 30)
        XCTAssertFalse(searches.contains { $0["term"] == "term 30" })
        XCTAssertEqual(try fixture.store.quota(organizationId: "org-a").used, 30)
    }

    func testAFailedProviderCallStillConsumesASearch() throws {
        // Given a provider that fails for one term
        try fixture.fake.script(term: "broken", status: 500)

        // When that term is searched
        guard case .failure(let error) = fixture.explore("broken") else { return XCTFail("expected a provider failure") }

        // Then the failure is reported, the search counted, and nothing was cached
        XCTAssertEqual(error.code, "PROVIDER_UNAVAILABLE")
        XCTAssertEqual(try fixture.store.quota(organizationId: "org-a").used, 1)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM observations").intValue, 0)
        // And retrying reserves again, since there is still no observation
        _ = fixture.explore("broken")
        XCTAssertEqual(try fixture.store.quota(organizationId: "org-a").used, 2)
        XCTAssertEqual(try fixture.fake.searches().count, 2)
    }

    func testTheQuotaResetsAtMidnightUTC() throws {
        // Given an organization that exhausted its quota late in the UTC day
        fixture.clock.set(ISOTime.parse("2026-11-30T23:59:58.000Z")!)
        for i in 0..<30 { _ = try fixture.explore("term \(i)").get() }
        guard case .failure(let before) = fixture.explore("late") else { return XCTFail("expected QUOTA_EXHAUSTED") }
        XCTAssertEqual(before.code, "QUOTA_EXHAUSTED")

        // When the clock passes 00:00 UTC
        fixture.clock.set(ISOTime.parse("2026-12-01T00:00:00.000Z")!)
        let after = try fixture.explore("late").get()

        // Then live searches are allowed again, counted against the new day
        XCTAssertEqual(after.quota, ASOQuota(limit: 30, used: 1, resetsAt: "2026-12-02T00:00:00.000Z"))
    }

    func testQuotasAreSeparatePerOrganization() throws {
        // Given organization A used its whole quota
        for i in 0..<30 { _ = try fixture.explore("a \(i)", organization: "org-a").get() }

        // When organization B searches a new term
        let b = try fixture.explore("fresh term", organization: "org-b").get()

        // Then B is not affected
        XCTAssertEqual(b.quota.used, 1)
        XCTAssertFalse(b.cached)
    }
}
