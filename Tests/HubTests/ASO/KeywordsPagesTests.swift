import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `/dashboard/apps/<projectId>/keywords` (docs "Keywords"; issue 26): terms tracked per store
/// through the page, rank / observed without the app / not measured shown apart, the seven-day
/// change only when comparable, a term's rank history as a chart with gaps, localized groups in
/// the country grid, and members reading only.
final class KeywordsPagesTests: XCTestCase {
    private var fixture: ASOHubFixture!
    private var pages: PageSession!
    private var projectId: String!

    override func setUpWithError() throws {
        fixture = try ASOHubFixture()
        projectId = try fixture.createProject(appStoreId: "999")
        try fixture.fake.script(term: "notes", country: "us", results: [ASOFakeITunes.app(1, "Notes Pro"), ASOFakeITunes.app(999, "Mine")])
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/dashboard/apps/\(projectId!)/keywords" }

    private func day(_ back: Int) -> String { String(ISOTime.format(Date().addingTimeInterval(-86_400 * Double(back))).prefix(10)) }

    func testTrackedTermsShowTheThreeStatesTheComparableChangeAndTheHistoryChart() throws {
        // When the owner tracks two terms in the US store
        let added = try pages.post(path, [("terms", "notes\ntodo list"), ("country", "us")])
        XCTAssertEqual(added.status, 303, added.text)
        // Then both are listed as not measured yet, with the workspace allowance
        let before = try pages.get(path + "?done=added-2-0")
        XCTAssertTrue(before.text.contains("2 added"))
        let tracked = try XCTUnwrap(before.text.components(separatedBy: "id=\"grid\"").first)
        XCTAssertEqual(tracked.components(separatedBy: ">Not measured yet<").count - 1, 2, tracked)
        XCTAssertTrue(before.text.contains("2 tracked keywords, no workspace limit"))
        // When the ranks are collected, "notes" ranks second and "todo list" is observed without the app
        XCTAssertEqual(try fixture.call("POST", "/jobs/aso-ranks/run").status, 200)
        let after = try pages.get(path)
        XCTAssertTrue(after.text.contains(">#2</span>"), after.text)
        XCTAssertTrue(after.text.contains(">Not in results<"))
        XCTAssertFalse(after.text.contains(">Not measured yet<"))
        // And without a rank seven days earlier there is no change
        XCTAssertFalse(after.text.contains("▲"))
        // Given earlier ranks: 5 nine and eight days ago, 4 seven days ago
        let list = try fixture.call("GET", "/projects/\(projectId!)/aso/keywords?country=us")
        let notes = try XCTUnwrap(list.items.first { $0["term"] as? String == "notes" }?["id"] as? String)
        let asod = fixture.hub.daemons[.asod]!.context.store
        for (back, rank) in [(9, 5), (8, 5), (7, 4)] {
            try asod.run(
                "INSERT INTO keyword_ranks (keyword_id, day, observed_at, rank, observation_id) SELECT ?, ?, ?, ?, MIN(id) FROM observations",
                [.text(notes), .text(day(back)), .text(day(back) + "T09:00:00.000Z"), .int(Int64(rank))])
        }
        // Then the change is two positions gained
        XCTAssertTrue(try pages.get(path).text.contains("▲ +2"))
        // And the term's page draws the history with the rank axis inverted: a line, a gap, a dot for today
        let history = try pages.get(path + "/" + notes)
        XCTAssertEqual(history.status, 200)
        XCTAssertTrue(history.text.contains(#"aria-labelledby="rank-chart-title rank-chart-desc""#), history.text)
        XCTAssertTrue(history.text.contains("class=\"chart-line\""))
        XCTAssertTrue(history.text.contains("class=\"chart-dot\""))
        XCTAssertTrue(history.text.contains("Rank on 4 of 10 days, best #2, worst #5"))
        XCTAssertTrue(history.text.contains(day(9)))
    }

    func testALocalizedGroupFillsTheGridAndRemovingStopsTracking() throws {
        // When the owner saves a group with a term for the US and Germany
        let saved = try pages.post(path + "/groups", [("concept", "notes app"), ("terms", "us: notes\nde: notizen")])
        XCTAssertEqual(saved.status, 303, saved.text)
        // Then the grid has a row for the concept with a column per store
        let page = try pages.get(path)
        XCTAssertTrue(page.text.contains("id=\"grid\""), page.text)
        XCTAssertTrue(page.text.contains("<th class=\"num\">DE</th>"))
        XCTAssertTrue(page.text.contains("notizen"))
        // When a line is not "store: term", the form says so and nothing more is tracked
        let refused = try pages.post(path + "/groups", [("concept", "todo"), ("terms", "todo list")])
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("is not store: term"))
        // When "notizen" is removed, it is no longer tracked
        let list = try fixture.call("GET", "/projects/\(projectId!)/aso/keywords")
        XCTAssertEqual(list.items.count, 2)
        let id = try XCTUnwrap(list.items.first { $0["term"] as? String == "notizen" }?["id"] as? String)
        XCTAssertEqual(try pages.post(path + "/\(id)/remove").status, 303)
        XCTAssertEqual(try fixture.call("GET", "/projects/\(projectId!)/aso/keywords").items.count, 1)
    }

    func testARefusedTermKeepsWhatWasTypedAndAMemberOnlyReads() throws {
        // When the owner picks a store that does not exist
        let refused = try pages.post(path, [("terms", "notes"), ("country", "zz")])
        // Then the page is drawn again with the terms typed and the problem by the picker
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("must be a supported App Store country code"))
        XCTAssertTrue(refused.text.contains(">notes</textarea>"))
        // Given a tracked term and a member
        XCTAssertEqual(try pages.post(path, [("terms", "notes"), ("country", "us")]).status, 303)
        let id = try XCTUnwrap(try fixture.call("GET", "/projects/\(projectId!)/aso/keywords").items.first?["id"] as? String)
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        // Then the member reads the page and the history without the forms, and writes are refused
        let page = try member.get(path)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("notes"))
        XCTAssertFalse(page.text.contains("name=\"terms\""))
        XCTAssertFalse(page.text.contains("/remove"))
        XCTAssertEqual(try member.get(path + "/" + id).status, 200)
        XCTAssertEqual(try member.post(path, [("terms", "todo"), ("country", "us")]).status, 403)
        XCTAssertEqual(try member.post(path + "/\(id)/remove").status, 403)
        XCTAssertEqual(try fixture.call("GET", "/projects/\(projectId!)/aso/keywords").items.count, 1)
        // And a project without its App Store app explains how to import it
        let plain = try fixture.createProject(name: "Plain")
        XCTAssertTrue(try pages.get("/dashboard/apps/\(plain)/keywords").text.contains("Import the app from App Store Connect"))
    }
}
