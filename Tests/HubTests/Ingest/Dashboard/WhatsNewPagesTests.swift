import Foundation
import XCTest

@testable import Dashboard
@testable import HubRuntime
@testable import IngestService

/// `/dashboard/whats-new` (issue 28, "What's new"): the hub's dated product updates, newest
/// first, linked to the documentation site; the sidebar's dot shows entries a member has not
/// seen and clears once they open the page.
final class WhatsNewPagesTests: XCTestCase {
    var admin: AdminClient!

    override func tearDown() { admin?.shutdown() }

    static let path = "/dashboard/whats-new"
    static let dot = "class=\"dot\""

    func testThePageListsTheEntriesNewestFirstWithDocLinksAndOpeningItClearsTheDot() throws {
        // Given a hub whose docs live on a configured site, and a member who never opened What's new
        admin = try AdminClient(environment: ["APPNORTH_DOCS_URL": "https://docs.example.com/docs/"])
        let member = try admin.pages(as: "bo@example.com", role: .member)
        let other = try admin.pages(as: "cy@example.com", role: .member)
        // Then every page's sidebar links What's new with the dot
        let inbox = try member.get("/dashboard")
        XCTAssertTrue(inbox.text.contains("href=\"\(Self.path)\""))
        XCTAssertTrue(inbox.text.contains(Self.dot), "unread dot before the first visit")

        // When the member opens What's new
        let page = try member.get(Self.path)
        // Then it lists the shipped entries, newest first, each dated and marked new
        XCTAssertEqual(page.status, 200)
        let entries = WhatsNewFeed.shipped.entries
        XCTAssertFalse(entries.isEmpty)
        var cursor = page.text.startIndex
        for entry in entries {
            let escaped = entry.title.replacingOccurrences(of: "'", with: "&#39;")
            guard let found = page.text.range(of: escaped, range: cursor..<page.text.endIndex) else {
                return XCTFail("\(entry.title) missing or out of order")
            }
            cursor = found.upperBound
        }
        XCTAssertTrue(page.text.contains("datetime=\"\(entries[0].date)\""))
        XCTAssertTrue(page.text.contains(">New<"))
        // And its links go to the docs site, never to a /docs path of the hub
        XCTAssertTrue(page.text.contains("href=\"https://docs.example.com/docs/support-chat#photos-in-chat\""), page.text)
        XCTAssertFalse(page.text.contains("href=\"/docs/"))
        // And the dot is gone from this page and from the next
        XCTAssertFalse(page.text.contains(Self.dot))
        XCTAssertFalse(try member.get("/dashboard").text.contains(Self.dot))
        // And the second visit marks nothing new
        XCTAssertFalse(try member.get(Self.path).text.contains(">New<"))
        // And another member who has not opened it still has the dot
        XCTAssertTrue(try other.get("/dashboard").text.contains(Self.dot))
    }

    func testTheDotComesBackWhenAnEntryIsNewerThanTheLastVisit() throws {
        // Given a member who opened What's new the day before the newest entry
        admin = try AdminClient()
        let member = try admin.pages(as: "bo@example.com", role: .member)
        _ = try member.get(Self.path)
        let newest = try XCTUnwrap(WhatsNewFeed.shipped.newestDate)
        let dayBefore = try XCTUnwrap(ISO8601DateFormatter().date(from: newest + "T00:00:00Z")).addingTimeInterval(-3_600)
        try admin.store.db.run(
            "UPDATE organization_members SET whats_new_seen_at = ? WHERE email = 'bo@example.com'", [.text(ISOTime.format(dayBefore))])
        // When they open any page
        let inbox = try member.get("/dashboard")
        // Then the dot is back, and the newest entries are marked new on the page
        XCTAssertTrue(inbox.text.contains(Self.dot))
        XCTAssertTrue(try member.get(Self.path).text.contains(">New<"))
    }
}
