import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// Keyword candidates with evidence (public listing, stored searches), tracked terms excluded,
/// and the competitors observed above the app.
final class ASOCandidatesTests: XCTestCase {
    var fixture: ASOServiceFixture!
    var finder: ASOCandidateFinder!

    override func setUpWithError() throws {
        fixture = try ASOServiceFixture()
        finder = ASOCandidateFinder(
            store: fixture.store, client: ITunesSearchClient(baseURL: fixture.fake.baseURL, limit: 50),
            logger: Logger(daemon: "asod", sink: fixture.logSink))
    }

    override func tearDown() { fixture?.shutdown() }

    private func candidates() throws -> ASOCandidates.Response {
        try finder.candidates(ASOCandidates.Request(project: fixture.project(), country: "us"))
    }

    func testListingAndStoredSearchesGiveCandidatesWithEvidenceExcludingTrackedTerms() throws {
        // Given the app's listing, a stored search that returned it third, and "notes" tracked
        var listing = ASOFakeITunes.app(999, "Zen Notes: Daily Journal")
        listing["description"] = "Write a daily journal. Track your mood with the mood tracker; the mood tracker learns."
        try fixture.fake.lookup(id: "999", app: listing)
        try fixture.fake.script(
            term: "journal app",
            results: [
                ASOFakeITunes.app(1, "Day One Journal"), ASOFakeITunes.app(2, "Gratitude Diary"), ASOFakeITunes.app(999, "Zen Notes"),
            ])
        _ = try fixture.explore("Journal App").get()
        try fixture.track(["notes"])

        // When
        let response = try candidates()
        let byTerm = Dictionary(uniqueKeysWithValues: response.items.map { ($0.term, $0.evidence) })

        // Then the listing is read, and each candidate says where it came from
        XCTAssertEqual(response.listing, "ok")
        XCTAssertEqual(byTerm["zen"]?.first?.source, .listingTitle)
        XCTAssertEqual(byTerm["daily journal"]?.map(\.source), [.listingTitle])
        XCTAssertEqual(byTerm["mood tracker"]?.first, ASOEvidence(source: .listingDescription, count: 2))
        XCTAssertNil(byTerm["learns"], "a description word used once is not a candidate")
        let search = try XCTUnwrap(byTerm["journal app"]?.first)
        XCTAssertEqual(search.source, .search)
        XCTAssertEqual(search.rank, 3)
        let neighbour = try XCTUnwrap(byTerm["gratitude diary"]?.first)
        XCTAssertEqual(neighbour.source, .competitorTitle)
        XCTAssertEqual(neighbour.adamId, "2")
        XCTAssertEqual(neighbour.term, "journal app")
        // And the tracked term is excluded; the most evidenced candidate comes first
        XCTAssertNil(byTerm["notes"])
        XCTAssertEqual(response.items.first?.term, "journal")
    }

    func testTheListingIsLookedUpOncePerDayAndItsFailureKeepsSearchCandidates() throws {
        // Given a stored search that returned the app
        try fixture.fake.script(term: "focus timer", results: [ASOFakeITunes.app(999, "Deep Focus")])
        _ = try fixture.explore("focus timer").get()
        _ = try candidates()
        _ = try candidates()
        XCTAssertEqual(try fixture.fake.log().filter { $0["path"] == "/lookup" }.count, 1)
        XCTAssertEqual(try fixture.fake.log().first { $0["path"] == "/lookup" }?["id"], "999")

        // When the provider goes away on a new day
        fixture.fake.stop()
        fixture.clock.advance(by: 86_400)
        let response = try candidates()

        // Then the listing is reported unavailable, not empty, and search candidates remain
        XCTAssertEqual(response.listing, "unavailable")
        XCTAssertTrue(response.items.contains { $0.term == "focus timer" && $0.evidence.first?.source == .search })
    }

    func testCompetitorsAheadAcrossTrackedKeywords() throws {
        // Given the app third for "notes" and absent for "todo"
        try fixture.track(["notes", "todo", "never observed"])
        try fixture.observe("notes", apps: [1, 2, 999, 4])
        try fixture.observe("todo", apps: [2, 3])

        // When
        let items = try finder.competitors(ASOCompetitorsAhead.Request(project: fixture.project())).items

        // Then app 2 is ahead on both keywords, 1 and 3 on one each; app 4 (below) is not listed
        XCTAssertEqual(items.map(\.adamId), ["2", "1", "3"])
        XCTAssertEqual(items[0].keywords.map(\.term), ["notes", "todo"])
        XCTAssertEqual(items[0].keywords.map(\.theirRank), [2, 1])
        XCTAssertEqual(items[0].keywords.map(\.yourRank), [3, nil])
        XCTAssertEqual(items[0].name, "App 2")
    }
}
