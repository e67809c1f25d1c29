import XCTest

@testable import ASOService
@testable import HubMessaging

/// Localized groups (one concept, a term per country) and the country grid.
final class ASOKeywordGridTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testAGroupTracksEachCountrysTermAndShowsAsOneGridRow() throws {
        // Given "photo editor" already tracked in the US, and "notes" in two countries
        let existing = try fixture.track(["Photo Editor"]).added[0]
        try fixture.track(["notes"], "us")
        try fixture.track(["notes"], "gb")

        // When a group adds the German and French terms of the same concept
        let group = try fixture.store.createGroup(
            ASOGroupCreate.Request(
                project: fixture.project(), concept: "Photo editing",
                terms: ["us": "photo editor", "DE": "Fotobearbeitung", "fr": "retouche photo"]))
        try fixture.observe("fotobearbeitung", "de", apps: [1, 999])

        // Then the US keyword joined the group instead of being duplicated
        XCTAssertEqual(group.keywords.map(\.country).sorted(), ["de", "fr", "us"])
        XCTAssertTrue(group.keywords.contains { $0.id == existing.id })
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 5)

        // And the grid shows the group as one row by country, and the loose term as another
        let grid = try fixture.store.grid(ASOGrid.Request(project: fixture.project()))
        XCTAssertEqual(grid.countries, ["de", "fr", "gb", "us"])
        XCTAssertEqual(grid.rows.map(\.concept), ["Photo editing", "notes"])
        XCTAssertEqual(grid.rows[0].groupId, group.id)
        XCTAssertEqual(grid.rows[0].cells["de"]?.term, "fotobearbeitung")
        XCTAssertEqual(grid.rows[0].cells["de"]?.rank, 2)
        XCTAssertEqual(grid.rows[0].cells["fr"]?.status, .unobserved)
        XCTAssertNil(grid.rows[0].cells["gb"])
        XCTAssertEqual(Set(grid.rows[1].cells.keys), ["us", "gb"])
        XCTAssertNil(grid.rows[1].groupId)
    }

    func testAGroupWithAnInvalidCountryAddsNothing() throws {
        // Given / When
        let result = Result {
            try fixture.store.createGroup(
                ASOGroupCreate.Request(
                    project: fixture.project(), concept: "Notes", terms: ["us": "notes", "xx": "notizen"]))
        }
        // Then
        guard case .failure(let error as RPCError) = result else { return XCTFail("expected a field error") }
        XCTAssertNotNil(error.fields?["terms.xx"])
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM keyword_groups").intValue, 0)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM tracked_keywords").intValue, 0)
    }
}
