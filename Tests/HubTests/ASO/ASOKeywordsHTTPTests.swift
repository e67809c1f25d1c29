import Foundation
import XCTest

/// Tracked keywords, groups, the grid and the `aso-ranks` job over the operator API.
final class ASOKeywordsHTTPTests: XCTestCase {
    var hub: ASOHubFixture!

    override func setUpWithError() throws { hub = try ASOHubFixture() }
    override func tearDown() { hub?.shutdown() }

    func testTrackCollectListHistoryAndRemove() throws {
        // Given a project of app 999 and a provider where it ranks second for "notes"
        let project = try hub.createProject(appStoreId: "999")
        try hub.fake.script(term: "notes", country: "us", results: [ASOFakeITunes.app(1, "Notes"), ASOFakeITunes.app(999, "Mine")])

        // When terms are tracked, one twice in other spellings
        let added = try hub.call("POST", "/projects/\(project)/aso/keywords", json: ["country": "US", "terms": ["Notes", "todo list"]])
        let again = try hub.call("POST", "/projects/\(project)/aso/keywords", json: ["country": "us", "term": "  NOTES "])
        let previewed = try hub.call(
            "POST", "/projects/\(project)/aso/keywords",
            json: ["country": "us", "terms": ["widgets"], "dryRun": true])
        XCTAssertEqual(previewed.status, 200)
        XCTAssertEqual((previewed.json["added"] as? [[String: Any]])?.first?["term"] as? String, "widgets")

        // Then the first adds two (201) and the second adds nothing (200, the existing one back)
        XCTAssertEqual(added.status, 201, "\(added.json)")
        XCTAssertEqual((added.json["added"] as? [[String: Any]])?.compactMap { $0["term"] as? String }, ["notes", "todo list"])
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual((again.json["added"] as? [Any])?.count, 0)
        XCTAssertEqual((again.json["existing"] as? [[String: Any]])?.first?["term"] as? String, "notes")

        // And before collection both are unobserved
        let before = try hub.call("GET", "/projects/\(project)/aso/keywords")
        XCTAssertEqual((before.json["items"] as? [[String: Any]])?.compactMap { $0["status"] as? String }, ["unobserved", "unobserved"])
        XCTAssertEqual(before.json["organizationUsed"] as? Int, 2)
        XCTAssertTrue(before.json["organizationAllowance"] is NSNull)

        // When the job runs on demand
        let run = try hub.call("POST", "/jobs/aso-ranks/run")
        XCTAssertEqual(run.status, 200, "\(run.json)")
        XCTAssertEqual(run.json["processed"] as? Int, 2)

        // Then "notes" is ranked 2 and "todo list" observed without the app
        let after = try XCTUnwrap(try hub.call("GET", "/projects/\(project)/aso/keywords?country=us").json["items"] as? [[String: Any]])
        XCTAssertEqual(after.compactMap { $0["status"] as? String }, ["ranked", "unranked"])
        XCTAssertEqual(after[0]["rank"] as? Int, 2)
        XCTAssertTrue(after[1]["rank"] is NSNull)
        XCTAssertTrue(after[0]["change7d"] is NSNull)
        let id = try XCTUnwrap(after[0]["id"] as? String)
        let history = try hub.call("GET", "/projects/\(project)/aso/keywords/\(id)/history")
        XCTAssertEqual(history.status, 200)
        XCTAssertEqual((history.json["items"] as? [[String: Any]])?.first?["rank"] as? Int, 2)

        // When its removal is previewed, then it is removed, twice
        let preview = try hub.call("DELETE", "/projects/\(project)/aso/keywords/\(id)?dryRun=true")
        XCTAssertEqual(preview.status, 200)
        XCTAssertEqual(preview.json["rank"] as? Int, 2)
        XCTAssertEqual(try hub.call("DELETE", "/projects/\(project)/aso/keywords/\(id)").status, 204)
        let gone = try hub.call("DELETE", "/projects/\(project)/aso/keywords/\(id)")
        // Then
        XCTAssertEqual(gone.status, 404)
        XCTAssertEqual(gone.code, "KEYWORD_NOT_FOUND")
        XCTAssertEqual((try hub.call("GET", "/projects/\(project)/aso/keywords").json["items"] as? [Any])?.count, 1)
    }

    func testProjectPlanAndInputChecks() throws {
        // Given a project without App Store ID, a Free organization's project, and another organization's project
        let unlinked = try hub.createProject(appStoreId: nil)
        let freeToken = try hub.createOrganization(slug: "free-org", plan: "free")
        let freeProject = try hub.createProject(appStoreId: "5", token: freeToken)
        let otherToken = try hub.createOrganization(slug: "other", plan: "pro")
        let otherProject = try hub.createProject(appStoreId: "6", token: otherToken)

        // When / Then
        let noApp = try hub.call("POST", "/projects/\(unlinked)/aso/keywords", json: ["country": "us", "terms": ["notes"]])
        XCTAssertEqual(noApp.status, 409)
        XCTAssertEqual(noApp.code, "APP_STORE_ID_REQUIRED")
        let free = try hub.call("GET", "/projects/\(freeProject)/aso/keywords", token: freeToken)
        XCTAssertEqual(free.status, 403)
        XCTAssertEqual(free.code, "PLAN_REQUIRED")
        XCTAssertEqual(try hub.call("GET", "/projects/\(otherProject)/aso/keywords").status, 404)
        let invalid = try hub.call(
            "POST", "/projects/\(otherProject)/aso/keywords", json: ["country": "zz", "terms": []], token: otherToken)
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(Set(invalid.fields.keys), ["country", "terms"])
        let tooLong = try hub.call(
            "POST", "/projects/\(otherProject)/aso/keywords",
            json: ["country": "us", "terms": [String(repeating: "x", count: 101)]], token: otherToken)
        XCTAssertNotNil(tooLong.fields["terms[0]"])
    }

    func testGroupsAndGridOverHTTP() throws {
        // Given
        let project = try hub.createProject(appStoreId: "999")
        // When
        let group = try hub.call(
            "POST", "/projects/\(project)/aso/groups",
            json: ["concept": "Notes", "terms": ["us": "notes", "de": "Notizen", "fr": "bloc notes"]])
        let grid = try hub.call("GET", "/projects/\(project)/aso/grid")
        // Then
        XCTAssertEqual(group.status, 201, "\(group.json)")
        XCTAssertEqual((group.json["keywords"] as? [Any])?.count, 3)
        XCTAssertEqual(grid.json["countries"] as? [String], ["de", "fr", "us"])
        let row = try XCTUnwrap((grid.json["rows"] as? [[String: Any]])?.first)
        XCTAssertEqual(row["concept"] as? String, "Notes")
        XCTAssertEqual(((row["cells"] as? [String: Any])?["de"] as? [String: Any])?["term"] as? String, "notizen")
    }

    func testCandidatesAndCompetitorsOverHTTP() throws {
        // Given app 999 ranked second for a tracked term behind app 1
        let project = try hub.createProject(appStoreId: "999")
        try hub.fake.script(term: "notes", results: [ASOFakeITunes.app(1, "Rival Notes"), ASOFakeITunes.app(999, "Mine")])
        try hub.call("POST", "/projects/\(project)/aso/keywords", json: ["country": "us", "terms": ["notes"]])
        XCTAssertEqual(try hub.call("POST", "/jobs/aso-ranks/run").json["processed"] as? Int, 1)

        // When
        let candidates = try hub.call("GET", "/projects/\(project)/aso/candidates?country=us")
        let competitors = try hub.call("GET", "/projects/\(project)/aso/competitors")

        // Then the listing was looked up, tracked "notes" is excluded, and app 1 is ahead
        XCTAssertEqual(candidates.status, 200, "\(candidates.json)")
        XCTAssertEqual(candidates.json["listing"] as? String, "ok")
        let terms = (candidates.json["items"] as? [[String: Any]])?.compactMap { $0["term"] as? String } ?? []
        XCTAssertTrue(terms.contains("rival"), "\(terms)")
        XCTAssertFalse(terms.contains("notes"))
        let ahead = try XCTUnwrap(competitors.json["items"] as? [[String: Any]])
        XCTAssertEqual(ahead.map { $0["adamId"] as? String }, ["1"])
        XCTAssertEqual(((ahead[0]["keywords"] as? [[String: Any]])?.first)?["yourRank"] as? Int, 2)
        XCTAssertEqual(try hub.call("GET", "/projects/\(project)/aso/candidates?country=qq").status, 400)
    }
}
