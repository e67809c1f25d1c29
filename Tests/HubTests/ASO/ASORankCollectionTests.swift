import XCTest

@testable import ASOService

/// The `aso-ranks` pass: shared cache first, provider calls paced and backed off, ranks written.
final class ASORankCollectionTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testAPassUsesTheSharedCacheAndRanksEveryTrackingProject() throws {
        // Given "notes" already explored today, and "todo" not; two projects track "notes"
        try fixture.fake.script(term: "notes", results: [ASOFakeITunes.app(5, "Notes"), ASOFakeITunes.app(999, "Mine")])
        try fixture.fake.script(term: "todo", results: [ASOFakeITunes.app(999, "Mine"), ASOFakeITunes.app(7, "Todo")])
        _ = try fixture.explore("notes").get()
        try fixture.track(["notes", "todo"])
        try fixture.track(["notes"], project: fixture.project("p2", appStoreId: "5"))

        // When a pass runs
        let processed = try fixture.collector().runPass()

        // Then only "todo" went to the provider, and every keyword has today's rank
        XCTAssertEqual(processed, 3)
        XCTAssertEqual(try fixture.fake.searches().map { $0["term"] ?? "" }, ["notes", "todo"])
        XCTAssertEqual(try fixture.list().map(\.rank), [2, 1])
        XCTAssertEqual(try fixture.list(fixture.project("p2", appStoreId: "5")).map(\.rank), [1])
        // And the collector used no organization's Explorer quota
        XCTAssertEqual(try fixture.store.quota(organizationId: "org-a").used, 1)
        // And a second pass the same day is all cache
        XCTAssertEqual(try fixture.collector().runPass(), 3)
        XCTAssertEqual(try fixture.fake.searches().count, 2)
    }

    func testProviderCallsArePacedToTheConfiguredRate() throws {
        // Given four terms not cached, and 20 calls per minute
        try fixture.track(["a1", "a2", "a3", "a4"])
        let sleeps = ASOServiceFixture.SleepLog()

        // When
        _ = try fixture.collector(callsPerMinute: 20, sleeps: sleeps).runPass()

        // Then three seconds separate consecutive calls, the app's daily rating lookup included
        XCTAssertEqual(try fixture.fake.searches().count, 4)
        XCTAssertEqual(try fixture.fake.log().filter { $0["path"] == "/lookup" }.count, 1)
        XCTAssertEqual(sleeps.sleeps.count, 4)
        for sleep in sleeps.sleeps { XCTAssertEqual(sleep, 3, accuracy: 0.01) }
    }

    func testThrottlingBacksOffForTheProvidersDelayThenRetries() throws {
        // Given a provider that throttles "notes" once with Retry-After: 7
        try fixture.track(["notes"])
        try fixture.fake.script(term: "notes", status: 429, retryAfter: 7, times: 1)
        let sleeps = ASOServiceFixture.SleepLog()

        // When
        let processed = try fixture.collector(sleeps: sleeps).runPass()

        // Then it waited 7 s, retried, and ranked
        XCTAssertEqual(sleeps.sleeps, [7])
        XCTAssertEqual(try fixture.fake.searches().count, 2)
        XCTAssertEqual(processed, 1)
        XCTAssertEqual(try fixture.list().first?.status, .unranked)
    }

    func testAFailingTermIsSkippedAndLeftUnobserved() throws {
        // Given one term the provider always fails
        try fixture.track(["bad", "good"])
        try fixture.fake.script(term: "bad", status: 500)
        let sleeps = ASOServiceFixture.SleepLog()

        // When
        let processed = try fixture.collector(sleeps: sleeps).runPass()

        // Then it was tried three times with exponential back-off, and only "good" got a row
        XCTAssertEqual(sleeps.sleeps, [2, 4])
        XCTAssertEqual(processed, 1)
        let items = Dictionary(uniqueKeysWithValues: try fixture.list().map { ($0.term, $0.status) })
        XCTAssertEqual(items, ["bad": .unobserved, "good": .unranked])
    }

    func testAPassStopsEarlyWhenTheProviderKeepsFailing() throws {
        // Given eight terms and a provider that is down
        try fixture.track((1...8).map { "t\($0)" })
        try fixture.fake.script(status: 503)

        // When
        let processed = try fixture.collector().runPass()

        // Then it gave up after five terms (three attempts each)
        XCTAssertEqual(processed, 0)
        XCTAssertEqual(try fixture.fake.searches().count, 15)
    }
}
