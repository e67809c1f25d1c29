import Foundation
import HubRuntime
import XCTest

@testable import Dashboard

/// The notifications page as rendered: rows with their kind, app, time (or none) and link, the
/// read-state forms, the tabs and kind filter, escaping, and the empty states.
final class NotificationsPageTests: XCTestCase {
    let now = ISOTime.parse("2026-11-30T12:00:00.000Z")!

    func row(
        _ id: String, kind: String = "review", title: String = "New 2-star review in USA: Crashes",
        at: String? = "2026-11-30T11:00:00.000Z",
        read: Bool = false
    ) -> NotificationRow {
        NotificationRow(id: id, kind: kind, appName: "Mine", title: title, link: "/dashboard/apps/p1", at: at, read: read)
    }

    func render(_ rows: [NotificationRow], kind: String? = nil, unreadOnly: Bool = false, unavailable: [String] = []) -> String {
        let view = NotificationsView(kind: kind, unreadOnly: unreadOnly, rows: rows, unavailable: unavailable, now: now)
        return NotificationsPage.render(view, viewer: PageMarkupProbe.viewer(role: "member", sections: [.inbox, .notifications])).markup
    }

    func testEachItemShowsItsKindAppTimeAndLinkAndAnUnreadOneCanBeMarkedRead() {
        // Given an unread review and a read revenue item without a time
        let markup = render([
            row("review:p1:r1"), row("revenue:p1:2026-11-30", kind: "revenue", title: "MRR rose 12.0%", at: nil, read: true),
        ])

        // Then both are listed with kind, app and link; only the review has a time and a Mark read form
        XCTAssertTrue(markup.contains(">Reviews<"))
        XCTAssertTrue(markup.contains(">Revenue<"))
        XCTAssertTrue(markup.contains("href=\"/dashboard/apps/p1\""))
        XCTAssertEqual(PageMarkupProbe.count("<time ", in: markup), 1)
        XCTAssertTrue(markup.contains("datetime=\"2026-11-30T11:00:00.000Z\""))
        XCTAssertEqual(
            PageMarkupProbe.postActions(markup),
            ["/logout", NotificationsPage.readAllPath, "/dashboard/notifications/review%3Ap1%3Ar1/read"])
        XCTAssertTrue(PageMarkupProbe.postForms(markup).allSatisfy(\.carriesToken))
        XCTAssertTrue(markup.contains("aria-current=\"page\"><span>Notifications</span>"), "the sidebar marks the section")
    }

    func testATitleIsEscaped() {
        // Given a title with markup in it
        let markup = render([row("chat:c1:m1", kind: "chat", title: "<script>alert(1)</script>")])

        // Then it is text
        XCTAssertFalse(markup.contains("<script>alert"))
        XCTAssertTrue(markup.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    func testTabsAndKindFilterKeepEachOtherAndPostsCarryThem() {
        // Given the Unread tab with the review kind chosen
        let markup = render([row("review:p1:r1")], kind: "review", unreadOnly: true)

        // Then the All tab keeps the kind, the form keeps the tab, and the posts carry both
        XCTAssertTrue(markup.contains("href=\"/dashboard/notifications?kind=review\">All<"))
        XCTAssertTrue(markup.contains("href=\"/dashboard/notifications?unread=true&amp;kind=review\" aria-current=\"page\">Unread<"))
        XCTAssertTrue(markup.contains("<option value=\"review\" selected>Reviews</option>"))
        XCTAssertEqual(PageMarkupProbe.count("name=\"unread\" value=\"true\"", in: markup), 3)
    }

    func testEmptyStatesSayWhy() {
        XCTAssertTrue(render([]).contains("No notifications."))
        XCTAssertTrue(render([], unreadOnly: true).contains("Nothing unread here."))
        XCTAssertFalse(render([]).contains(NotificationsPage.readAllPath), "nothing to mark")
    }

    func testSourcesThatDidNotAnswerAreNamed() {
        let markup = render([row("chat:c1:m1", kind: "chat")], unavailable: ["Reviews", "Keywords"])
        XCTAssertTrue(markup.contains("Not shown just now: Reviews, Keywords."))
    }
}
