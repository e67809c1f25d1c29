import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// Tracked keywords: normalized duplicates, allowances, removal, and the three rank states.
final class ASOTrackingTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testNormalizedDuplicatesAreNotAddedAgain() throws {
        // Given a first batch with an in-batch duplicate
        let first = try fixture.track(["Photo Editor", "photo   editor", "Notes"])
        XCTAssertEqual(first.added.map(\.term), ["photo editor", "notes"])

        // When the same term is added again in another spelling, and in another country and project
        let again = try fixture.track(["  PHOTO EDITOR "])
        let germany = try fixture.track(["photo editor"], "de")
        let other = try fixture.track(["photo editor"], project: fixture.project("p2"))

        // Then the existing keyword is returned, not duplicated; other countries and projects are separate
        XCTAssertEqual(again.added, [])
        XCTAssertEqual(again.existing.map(\.id), [first.added[0].id])
        XCTAssertEqual(germany.added.count, 1)
        XCTAssertEqual(other.added.count, 1)
        XCTAssertEqual(try fixture.list().count, 3)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 4)
    }

    func testTheOrganizationAllowanceRefusesTheWholeBatch() throws {
        // Given a Pro organization (200) with 199 keywords over two projects
        try fixture.track((0..<100).map { "term \($0)" })
        try fixture.track((100..<199).map { "term \($0)" }, project: fixture.project("p2"))

        // When two more are added
        let result = Result { try fixture.track(["one", "two"]) }

        // Then 409 KEYWORD_LIMIT and nothing was added; one more still fits, and a duplicate costs nothing
        XCTAssertEqual((result.failure as? RPCError)?.code, "KEYWORD_LIMIT")
        XCTAssertEqual((result.failure as? RPCError)?.status, 409)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 199)
        XCTAssertEqual(try fixture.track(["one"]).added.count, 1)
        XCTAssertEqual(try fixture.track(["term 5", "one"]).existing.count, 2)
        // And self-hosted has no limit, Free no access
        XCTAssertEqual(try fixture.track(["three"], project: fixture.project(plan: .selfhosted)).added.count, 1)
        let free = Result { try fixture.track(["x"], project: fixture.project(plan: .free)) }
        XCTAssertEqual((free.failure as? RPCError)?.code, "PLAN_REQUIRED")
    }

    func testTrackingNeedsTheAppStoreIdAndValidInput() throws {
        // Given / When
        let noApp = Result { try fixture.track(["notes"], project: fixture.project(appStoreId: nil)) }
        let badCountry = Result { try fixture.track(["notes"], "zz") }
        let badTerm = Result { try fixture.track(["ok", String(repeating: "x", count: 101)]) }
        // Then
        XCTAssertEqual((noApp.failure as? RPCError)?.code, "APP_STORE_ID_REQUIRED")
        XCTAssertNotNil((badCountry.failure as? RPCError)?.fields?["country"])
        XCTAssertNotNil((badTerm.failure as? RPCError)?.fields?["terms[1]"])
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 0)
    }

    func testRemoveStopsTrackingAndIsScopedToTheProject() throws {
        // Given
        let id = try fixture.track(["notes"]).added[0].id
        try fixture.observe("notes", apps: [999])
        let ref = ASOKeywordRef(project: fixture.project(), keywordId: id)
        // When another project tries, then the owner removes it
        let foreign = Result { try fixture.store.removeKeyword(ASOKeywordRef(project: fixture.project("p2"), keywordId: id)) }
        try fixture.store.removeKeyword(ref)
        // Then
        XCTAssertEqual((foreign.failure as? RPCError)?.code, "KEYWORD_NOT_FOUND")
        XCTAssertEqual(try fixture.list(), [])
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM keyword_ranks").intValue, 0)
        XCTAssertEqual((Result { try fixture.store.removeKeyword(ref) }.failure as? RPCError)?.status, 404)
    }

    func testUnobservedUnrankedAndRankedAreDistinct() throws {
        // Given three keywords of app 999
        try fixture.track(["alpha", "beta", "gamma"])
        // When beta is observed without the app and gamma with it third
        try fixture.observe("beta", apps: [1, 2, 3])
        try fixture.observe("gamma", apps: [1, 2, 999, 4])
        let items = Dictionary(uniqueKeysWithValues: try fixture.list().map { ($0.term, $0) })
        // Then
        XCTAssertEqual(items["alpha"]?.status, .unobserved)
        XCTAssertNil(items["alpha"]?.rankDate)
        XCTAssertEqual(items["beta"]?.status, .unranked)
        XCTAssertNil(items["beta"]?.rank)
        XCTAssertEqual(items["beta"]?.rankDate, "2026-11-30")
        XCTAssertEqual(items["gamma"]?.status, .ranked)
        XCTAssertEqual(items["gamma"]?.rank, 3)
        // And over the wire the unobserved keyword has explicit nulls
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(items["alpha"]!)) as? [String: Any]
        XCTAssertTrue(json?["rank"] is NSNull)
        XCTAssertTrue(json?["change7d"] is NSNull)
        XCTAssertEqual(json?["status"] as? String, "unobserved")
    }

    func testHistoryIsNewestFirstWithUnrankedDays() throws {
        // Given three days: ranked 5, not ranked, ranked 2
        let id = try fixture.track(["notes"]).added[0].id
        fixture.clock.set(ISOTime.parse("2026-11-28T06:00:00.000Z")!)
        try fixture.observe("notes", apps: [1, 2, 3, 4, 999])
        fixture.clock.set(ISOTime.parse("2026-11-29T06:00:00.000Z")!)
        try fixture.observe("notes", apps: [1, 2])
        fixture.clock.set(ISOTime.parse("2026-11-30T06:00:00.000Z")!)
        try fixture.observe("notes", apps: [1, 999])
        // When
        let history = try fixture.store.history(ASOKeywordRef(project: fixture.project(), keywordId: id))
        // Then
        XCTAssertEqual(history.items.map(\.date), ["2026-11-30", "2026-11-29", "2026-11-28"])
        XCTAssertEqual(history.items.map(\.rank), [2, nil, 5])
        XCTAssertEqual(history.keyword.rank, 2)
    }

    func testPreviewsRunTheSameChecksAndSaveNothing() throws {
        // Given a Pro organization one keyword below its allowance, and a tracked keyword
        try fixture.track((0..<100).map { "term \($0)" })
        try fixture.track((100..<199).map { "term \($0)" })
        let existing = try XCTUnwrap(fixture.list(country: "us").first { $0.term == "term 0" })

        // When adding, removing and grouping are previewed
        let add = try fixture.store.addKeywords(
            ASOKeywordsAdd.Request(
                project: fixture.project(), country: "us",
                terms: ["new one", "term 0"], dryRun: true))
        let over = Result {
            try fixture.store.addKeywords(
                ASOKeywordsAdd.Request(
                    project: fixture.project(), country: "us",
                    terms: ["a", "b"], dryRun: true))
        }
        let removed = try fixture.store.removeKeyword(ASOKeywordRef(project: fixture.project(), keywordId: existing.id, dryRun: true))
        let group = try fixture.store.createGroup(
            ASOGroupCreate.Request(
                project: fixture.project(), concept: "Thing",
                terms: ["de": "ding"], dryRun: true))

        // Then each answers as the real change would, and nothing changed
        XCTAssertEqual(add.added.map(\.term), ["new one"])
        XCTAssertEqual(add.existing.map(\.id), [existing.id])
        XCTAssertEqual((over.failure as? RPCError)?.code, "KEYWORD_LIMIT")
        XCTAssertEqual(removed, existing)
        XCTAssertEqual(group.keywords.map(\.term), ["ding"])
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 199)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM keyword_groups").intValue, 0)
        XCTAssertFalse(fixture.db.isInTransaction)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
