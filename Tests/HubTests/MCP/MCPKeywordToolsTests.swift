import Foundation
import XCTest

@testable import IngestService

/// The keyword tools (the seed's "Herramientas de tu app": list_keywords, get_keyword_candidates,
/// add_keywords, remove_keywords, get_keyword_grid, get_competitors_ahead, add_localized_keywords)
/// over the operator API's ASO routes and asod, with the fake iTunes Search provider.
final class MCPKeywordToolsTests: XCTestCase {
    var hub: ASOHubFixture!
    var app: String!

    override func setUpWithError() throws {
        hub = try ASOHubFixture()
        app = try hub.createProject(name: "Mine", appStoreId: "999")
    }

    override func tearDown() { hub?.shutdown() }

    func tracked() throws -> [String] {
        try XCTUnwrap(try hub.call("list_keywords", ["app_id": app!]).structured["items"] as? [[String: Any]]).compactMap {
            $0["term"] as? String
        }
    }

    func setPlan(_ plan: String) throws {
        let organization = try XCTUnwrap(try hub.call("GET", "/organization").json["id"] as? String)
        XCTAssertEqual(try hub.call("PATCH", "/organizations/\(organization)", json: ["plan": plan]).status, 200)
    }

    func testAddingPreviewsFirstThenTracksAndListsRanksWithHistory() throws {
        // Given a provider where the app ranks second for "notes" behind app 1
        try hub.fake.script(term: "notes", country: "us", results: [ASOFakeITunes.app(1, "Notes Pro"), ASOFakeITunes.app(999, "Mine")])
        // When two terms are added without dry_run
        let preview = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": ["Notes", "todo list"]])
        // Then it is a preview: the diff shows them added, and nothing is tracked
        XCTAssertEqual(preview.structured["dry_run"] as? Bool, true)
        XCTAssertEqual(preview.structured["executed"] as? Bool, false)
        XCTAssertEqual((preview.diff["after"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["notes", "todo list"])
        XCTAssertEqual(try tracked(), [])
        // When executed, then again with one term tracked already
        let added = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": ["Notes", "todo list"], "dry_run": false])
        let again = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": ["NOTES", "widgets"]])
        // Then both are tracked, and the second preview keeps "notes" in before and warns of it
        XCTAssertEqual(added.structured["executed"] as? Bool, true)
        XCTAssertEqual(try tracked(), ["notes", "todo list"])
        XCTAssertEqual((again.diff["before"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["notes"])
        XCTAssertEqual((again.structured["added"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["widgets"])
        XCTAssertTrue(again.warnings.contains { $0.contains("notes") }, "\(again.warnings)")
        // When ranks are collected and the list is read with one keyword's history
        XCTAssertEqual(try hub.call("POST", "/jobs/aso-ranks/run").status, 200)
        let first = try hub.call("list_keywords", ["app_id": app!, "country": "us"])
        let items = try XCTUnwrap(first.structured["items"] as? [[String: Any]])
        let notes = try XCTUnwrap(items.first { $0["term"] as? String == "notes" })
        let withHistory = try hub.call("list_keywords", ["app_id": app!, "keyword_id": notes["id"] as? String ?? ""])
        // Then "notes" is ranked 2 with a dated history, "todo list" observed without a rank (null, not 0)
        XCTAssertEqual(notes["rank"] as? Int, 2)
        XCTAssertEqual(items.first { $0["term"] as? String == "todo list" }?["status"] as? String, "unranked")
        XCTAssertTrue(items.first { $0["term"] as? String == "todo list" }?["rank"] is NSNull)
        XCTAssertTrue(first.structured["history"] is NSNull)
        XCTAssertEqual(first.structured["organizationUsed"] as? Int, 2)
        XCTAssertTrue(first.structured["organizationAllowance"] is NSNull, "self-hosted has no limit")
        let history = try XCTUnwrap(withHistory.structured["history"] as? [String: Any])
        XCTAssertEqual((history["items"] as? [[String: Any]])?.first?["rank"] as? Int, 2)
        XCTAssertFalse(((history["items"] as? [[String: Any]])?.first?["date"] as? String ?? "").isEmpty)
        // And the competitor observed ahead is app 1, with both ranks
        let competitors = try XCTUnwrap(
            try hub.call("get_competitors_ahead", ["app_id": app!, "country": "us"]).structured["items"] as? [[String: Any]])
        XCTAssertEqual(competitors.first?["adamId"] as? String, "1")
        let ahead = try XCTUnwrap((competitors.first?["keywords"] as? [[String: Any]])?.first)
        XCTAssertEqual(ahead["theirRank"] as? Int, 1)
        XCTAssertEqual(ahead["yourRank"] as? Int, 2)
    }

    func testRemovingPreviewsTheKeywordThenDeletesIt() throws {
        // Given two tracked keywords
        _ = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": ["notes", "journal"], "dry_run": false])
        let items = try XCTUnwrap(try hub.call("list_keywords", ["app_id": app!]).structured["items"] as? [[String: Any]])
        let journal = try XCTUnwrap(items.first { $0["term"] as? String == "journal" }?["id"] as? String)
        // When its removal is previewed
        let preview = try hub.call("remove_keywords", ["app_id": app!, "keyword_id": journal])
        // Then before is the keyword, after null, and both are still tracked
        XCTAssertEqual((preview.diff["before"] as? [String: Any])?["term"] as? String, "journal")
        XCTAssertTrue(preview.diff["after"] is NSNull)
        XCTAssertEqual(try tracked().count, 2)
        // When it is executed by a read token, then by the owner's
        let read = try hub.createToken(name: "agent", scope: "read")
        let refused = try hub.call("remove_keywords", ["app_id": app!, "keyword_id": journal, "dry_run": false], token: read)
        XCTAssertEqual(refused.errorCode, "WRITE_NOT_ALLOWED")
        XCTAssertEqual(try tracked().count, 2)
        let removed = try hub.call("remove_keywords", ["app_id": app!, "keyword_id": journal, "dry_run": false])
        // Then only the owner's removes it; a second removal is NOT_FOUND
        XCTAssertEqual(removed.structured["executed"] as? Bool, true)
        XCTAssertEqual(try tracked(), ["notes"])
        XCTAssertEqual(
            try hub.call("remove_keywords", ["app_id": app!, "keyword_id": journal, "dry_run": false]).errorCode, "NOT_FOUND")
    }

    func testTheAllowanceHoldsOnBothSidesAndFreeNeedsPro() throws {
        // Given a Pro organization (200 tracked keywords) with 199 tracked
        try setPlan("pro")
        _ = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": (1...100).map { "term \($0)" }, "dry_run": false])
        _ = try hub.call(
            "add_keywords", ["app_id": app!, "country": "us", "terms": (101...199).map { "term \($0)" }, "dry_run": false])
        // When two more are added, then one
        let over = try hub.call(
            "add_keywords", ["app_id": app!, "country": "us", "terms": ["two hundred", "one more"], "dry_run": false])
        let last = try hub.call("add_keywords", ["app_id": app!, "country": "us", "terms": ["two hundred"], "dry_run": false])
        // Then the first is refused with nothing added, the second fills the allowance
        XCTAssertEqual(over.errorCode, "INVALID_INPUT", "\(over.structured)")
        XCTAssertEqual(last.structured["executed"] as? Bool, true, "\(last.structured)")
        let listed = try hub.call("list_keywords", ["app_id": app!])
        XCTAssertEqual(listed.structured["organizationUsed"] as? Int, 200)
        XCTAssertEqual(listed.structured["organizationAllowance"] as? Int, 200)
        // And terms past 100 in one call are refused by the schema, 100 are accepted
        XCTAssertEqual(
            try hub.refusal("add_keywords", ["app_id": app!, "country": "us", "terms": (1...101).map { "t\($0)" }]), -32602)
        XCTAssertNil(try hub.refusal("add_keywords", ["app_id": app!, "country": "us", "terms": (1...100).map { "t\($0)" }]))
        // When the organization is on Free
        try setPlan("free")
        let free = try hub.call("list_keywords", ["app_id": app!])
        // Then the keyword tools answer PLAN_REQUIRED naming pro
        XCTAssertEqual(free.errorCode, "PLAN_REQUIRED")
        XCTAssertEqual((free.structured["error"] as? [String: Any])?["required_plan"] as? String, "pro")
    }

    func testLocalizedGroupsNeedConfirmAndFillTheGrid() throws {
        // Given a concept with its term in two countries
        let arguments: [String: Any] = [
            "app_id": app!, "concept": "photo editor",
            "terms": [["country": "us", "term": "photo editor"], ["country": "de", "term": "fotobearbeitung"]],
        ]
        // When it is sent with no flags, and with dry_run=false but no confirm
        let preview = try hub.call("add_localized_keywords", arguments)
        let unconfirmed = try hub.call("add_localized_keywords", arguments.merging(["dry_run": false]) { _, new in new })
        // Then both preview the group and the grid stays empty; the second says why
        XCTAssertEqual(preview.structured["dry_run"] as? Bool, true)
        XCTAssertEqual(((preview.diff["after"] as? [String: Any])?["keywords"] as? [Any])?.count, 2)
        XCTAssertEqual(unconfirmed.warnings.first, "Nothing was changed: executing needs dry_run=false and confirm=true.")
        XCTAssertEqual((try hub.call("get_keyword_grid", ["app_id": app!]).structured["rows"] as? [Any])?.count, 0)
        // When it is confirmed
        let done = try hub.call("add_localized_keywords", arguments.merging(["dry_run": false, "confirm": true]) { _, new in new })
        // Then the grid has one row with a cell per country, in the columns' order
        XCTAssertEqual(done.structured["executed"] as? Bool, true, "\(done.structured)")
        let grid = try hub.call("get_keyword_grid", ["app_id": app!]).structured
        XCTAssertEqual(grid["countries"] as? [String], ["de", "us"])
        let row = try XCTUnwrap((grid["rows"] as? [[String: Any]])?.first)
        XCTAssertEqual(row["concept"] as? String, "photo editor")
        XCTAssertEqual((row["cells"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["fotobearbeitung", "photo editor"])
        // And a country twice is INVALID_INPUT; 51 countries fail the schema
        let twice = try hub.call(
            "add_localized_keywords",
            ["app_id": app!, "concept": "x", "terms": [["country": "us", "term": "a"], ["country": "US", "term": "b"]]])
        XCTAssertEqual(twice.errorCode, "INVALID_INPUT")
        let many = (0..<51).map { ["country": "us", "term": "t\($0)"] }
        XCTAssertEqual(try hub.refusal("add_localized_keywords", ["app_id": app!, "concept": "x", "terms": many]), -32602)
    }

    func testCandidatesComeWithTheirEvidence() throws {
        // Given the app's listing at the provider
        var listing = ASOFakeITunes.app(999, "Zen Notes: Daily Journal")
        listing["description"] = "Write a daily journal. Track your mood with the mood tracker; the mood tracker learns."
        try hub.fake.lookup(id: "999", app: listing)
        // When candidates are asked for, and for a country the App Store lacks
        let answer = try hub.call("get_keyword_candidates", ["app_id": app!])
        let unknown = try hub.call("get_keyword_candidates", ["app_id": app!, "country": "zz"])
        // Then listing words come with their source; the unknown country is INVALID_INPUT
        XCTAssertEqual(answer.structured["listing"] as? String, "ok")
        let items = try XCTUnwrap(answer.structured["items"] as? [[String: Any]])
        XCTAssertTrue(
            items.contains { ($0["evidence"] as? [[String: Any]])?.first?["source"] as? String == "listing_title" }, "\(items)")
        XCTAssertEqual(unknown.errorCode, "INVALID_INPUT")
    }
}
