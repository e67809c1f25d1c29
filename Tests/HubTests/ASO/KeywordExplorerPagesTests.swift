import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/aso/keywords` (docs "Keyword Explorer"; issue 26): a search answers at once and
/// shows the analysis when iTunes has answered (results in the source's order, — for missing
/// fields, "Your app", difficulty with its label and provisional state, related terms, the
/// searches left of 30 a day), the 1–100 character term, the Free plan's gate, and "Track in an
/// app" for owners and admins only.
final class KeywordExplorerPagesTests: XCTestCase {
    private var fixture: ASOHubFixture!
    private var owner: PageSession!
    private var projectId: String!

    override func setUpWithError() throws {
        fixture = try ASOHubFixture()
        projectId = try fixture.createProject(name: "Mine", appStoreId: "999")
        try fixture.fake.script(
            term: "notes", country: "us",
            results: [
                ASOFakeITunes.app(1, "<script>alert(1)</script> Notes Pro"),
                ASOFakeITunes.app(2, "Quick Notes", ratingCount: nil, rating: nil, released: nil),
                ASOFakeITunes.app(999, "Mine"),
            ])
        owner = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { fixture?.shutdown() }

    func testASearchShowsResultsDifficultyRelatedTermsAndTheQuotaLeft() throws {
        // When the owner analyzes "notes" in the US store
        let started = try owner.get("/dashboard/aso/keywords?term=notes&country=us")

        // Then the page answers at once, and the task's page shows the analysis
        let page = try owner.settled(started)
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains("3 apps returned by"), page.text)
        // And names are text, missing fields are —, the workspace's own app is marked
        XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt; Notes Pro"))
        XCTAssertFalse(page.text.contains("<script>alert(1)"))
        let quick = try XCTUnwrap(page.text.components(separatedBy: "<tr>").first { $0.contains("Quick Notes") })
        XCTAssertEqual(quick.components(separatedBy: ">—<").count - 1, 3, quick)
        XCTAssertTrue(try XCTUnwrap(page.text.components(separatedBy: "<tr>").first { $0.contains(">Mine</a>") }).contains("Your app"))
        // And the difficulty, the related terms and the live searches left of 30 are shown
        XCTAssertTrue(
            page.text.contains(
                #"<strong>Difficulty 64</strong> <span class="badge">Medium</span> <span class="badge warn">Provisional</span>"#))
        XCTAssertTrue(page.text.contains("29 of 30 live searches left today"), page.text)
        XCTAssertTrue(page.text.contains(#"<a href="/dashboard/aso/keywords?term=notes%20pro&amp;country=us">notes pro</a>"#))
        XCTAssertEqual(try fixture.fake.searches().count, 1)

        // When the same search is made again the same day
        let again = try owner.settled(try owner.get("/dashboard/aso/keywords?term=notes&country=us"))
        // Then it comes from the cache and uses no search
        XCTAssertTrue(again.text.contains(" · cached"))
        XCTAssertTrue(again.text.contains("29 of 30 live searches left today"))
    }

    func testTheTermIsOneToAHundredCharacters() throws {
        // When the term has 101 characters
        let long = try owner.get("/dashboard/aso/keywords?term=\(String(repeating: "a", count: 101))&country=us")
        // Then the form is drawn again, 400, saying why, and nothing is searched
        XCTAssertEqual(long.status, 400, long.text)
        XCTAssertTrue(long.text.contains("term must be 1-100 characters"))
        XCTAssertEqual(try fixture.fake.searches().count, 0)
        // And 100 characters are searched
        let hundred = try owner.get("/dashboard/aso/keywords?term=\(String(repeating: "a", count: 100))&country=us")
        XCTAssertEqual(hundred.status, 303)
        // And an unknown country is refused
        XCTAssertEqual(try owner.get("/dashboard/aso/keywords?term=notes&country=zz").status, 400)
    }

    func testTheFreePlanSeesThePlanGate() throws {
        // Given a member of a Free workspace
        _ = try fixture.hub.createOrganization(slug: "freebie", plan: "free")
        let free = try fixture.admin.pages(as: "free@example.com", role: .owner, organization: "freebie")

        // When they open Keyword Explorer and search
        let form = try free.get("/dashboard/aso/keywords")
        let search = try free.get("/dashboard/aso/keywords?term=notes&country=us")

        // Then both show the plan gate as the page's notice, and nothing is searched
        for page in [form, search] {
            XCTAssertEqual(page.status, 403)
            XCTAssertTrue(page.text.contains("PLAN_REQUIRED: Keyword Explorer needs ASO access"), page.text)
        }
        XCTAssertEqual(try fixture.fake.searches().count, 0)
        // And a Pro workspace's owner sees the form
        XCTAssertEqual(try owner.get("/dashboard/aso/keywords").status, 200)
    }

    func testOwnersTrackATermInAnImportedAppAndMembersCannot() throws {
        // Given the analysis of "notes"
        let page = try owner.settled(try owner.get("/dashboard/aso/keywords?term=notes&country=us"))
        XCTAssertTrue(page.text.contains("Track in an app"))
        XCTAssertTrue(page.text.contains("<option value=\"\(projectId!)\">Mine</option>"), page.text)

        // When the owner tracks it in the imported app
        let tracked = try owner.post("/dashboard/aso/keywords/track", [("projectId", projectId), ("term", "notes"), ("country", "us")])

        // Then it is tracked there, as the app's Keywords page adds terms
        XCTAssertEqual(tracked.status, 303, tracked.text)
        XCTAssertEqual(tracked.header("location"), "/dashboard/apps/\(projectId!)/keywords?done=added-1-0")
        let list = try fixture.call("GET", "/projects/\(projectId!)/aso/keywords?country=us")
        XCTAssertEqual(list.items.map { $0["term"] as? String }, ["notes"])
        // And a member sees no track form and is refused the post
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        let asMember = try member.settled(try member.get("/dashboard/aso/keywords?term=notes&country=us"))
        XCTAssertFalse(asMember.text.contains("Track in an app"))
        _ = try member.get("/dashboard/aso/keywords")
        let refused = try member.post("/dashboard/aso/keywords/track", [("projectId", projectId), ("term", "todo"), ("country", "us")])
        XCTAssertEqual(refused.status, 403)
    }
}
