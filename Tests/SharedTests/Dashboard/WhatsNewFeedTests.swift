import XCTest

@testable import Dashboard

/// What's new ships inside the build (`Sources/Dashboard/Resources/whats_new.json`): the file
/// parses, its dates are ISO days newest first, and every entry has a title, text and links to
/// the documentation site's `/docs/…` pages.
final class WhatsNewFeedTests: XCTestCase {
    func entry(_ date: String, title: String = "Title", text: String = "Text", path: String = "/docs/support-chat") -> String {
        #"{"date":"\#(date)","title":"\#(title)","text":"\#(text)","links":[{"title":"Docs","path":"\#(path)"}]}"#
    }

    func feed(_ entries: [String]) throws -> WhatsNewFeed {
        try WhatsNewFeed(json: Array(("[" + entries.joined(separator: ",") + "]").utf8))
    }

    func testTheShippedFileIsValidNewestFirstAndLinksOnlyToTheDocs() throws {
        // Given the file embedded in the build
        // When it is parsed with its checks
        let feed = try WhatsNewFeed(json: PackageResources.whats_new_json)
        // Then it has entries, the shared copy holds them all, and each is complete
        XCTAssertGreaterThanOrEqual(feed.entries.count, 10)
        XCTAssertEqual(WhatsNewFeed.shipped.entries, feed.entries)
        for (index, entry) in feed.entries.enumerated() {
            XCTAssertTrue(WhatsNewFeed.isISODate(entry.date), entry.date)
            if index > 0 { XCTAssertLessThanOrEqual(entry.date, feed.entries[index - 1].date, entry.title) }
            XCTAssertFalse(entry.title.isEmpty)
            XCTAssertFalse(entry.text.isEmpty)
            XCTAssertFalse(entry.links.isEmpty, entry.title)
            for link in entry.links { XCTAssertTrue(link.path.hasPrefix("/docs/"), link.path) }
        }
        // And retention, chat photos and the dashboard are among them
        let titles = feed.entries.map(\.title).joined(separator: "\n")
        for word in ["retention", "photos", "dashboard", "MCP", "RevenueCat", "Telegram"] {
            XCTAssertTrue(titles.contains(word), word)
        }
    }

    func testAFileOutOfOrderOrWithABadDateOrWithoutLinksIsRefusedNamingTheEntry() throws {
        // Given well-formed entries newest first, and a same-day pair
        XCTAssertEqual(try feed([entry("2026-12-02"), entry("2026-12-02"), entry("2026-11-30")]).entries.count, 3)
        // Then an older entry before a newer one, a date that is not an ISO day, an empty title
        // and a link outside the docs are each refused at their entry
        XCTAssertThrowsError(try feed([entry("2026-11-30"), entry("2026-12-01")])) {
            XCTAssertEqual($0 as? WhatsNewFeedError, .notNewestFirst(index: 1))
        }
        for bad in ["2026-13-01", "2026-1-01", "02/12/2026", "2026-12-00"] {
            XCTAssertThrowsError(try feed([entry(bad)]), bad) { XCTAssertEqual($0 as? WhatsNewFeedError, .badDate(index: 0)) }
        }
        XCTAssertThrowsError(try feed([entry("2026-12-01"), entry("2026-11-01", title: "")])) {
            XCTAssertEqual($0 as? WhatsNewFeedError, .missingText(index: 1))
        }
        XCTAssertThrowsError(try feed([entry("2026-12-01", path: "https://example.com/x")])) {
            XCTAssertEqual($0 as? WhatsNewFeedError, .badLinks(index: 0))
        }
        XCTAssertThrowsError(try WhatsNewFeed(json: Array("{".utf8))) { XCTAssertEqual($0 as? WhatsNewFeedError, .notJSON) }
    }

    func testEntriesDatedAfterTheDayOfTheLastVisitAreUnread() throws {
        // Given a feed whose newest entry is of 2 December
        let feed = try feed([entry("2026-12-02"), entry("2026-11-30")])
        // Then a member who never opened it, or last did on 1 December, has something new
        XCTAssertTrue(feed.hasEntries(after: nil))
        XCTAssertTrue(feed.hasEntries(after: "2026-12-01T23:59:59.999Z"))
        // And one who opened it on 2 December has not
        XCTAssertFalse(feed.hasEntries(after: "2026-12-02T00:00:00.000Z"))
        // And the page links a docs path on the configured site
        let page = WhatsNewPage(entries: feed.entries, docsURL: "https://docs.example.com/docs", previousVisit: nil)
        XCTAssertEqual(page.href("/docs/support-chat#photos-in-chat"), "https://docs.example.com/docs/support-chat#photos-in-chat")
    }
}
