import Foundation
import HubRuntime
import XCTest

@testable import Dashboard

/// Issue 20, the inbox: chats and reports in one list with unread state, filters and search,
/// refreshed live; user text never becomes markup.
final class InboxPageTests: XCTestCase {
    let now = ISOTime.parse("2026-12-01T12:00:00.000Z")!
    let apps = [InboxChoice(id: "p1", name: "Acme iOS"), InboxChoice(id: "p2", name: "Acme Pro")]

    func viewer(role: String = "member", sections: [PageShell.Section] = [.inbox, .ideas]) -> PageShell.Viewer {
        PageShell.Viewer(name: "Ana", email: "ana@example.com", role: role, organization: "Acme", formToken: "ft-123", sections: sections)
    }

    func chat(unread: Bool = true, email: String? = "kim@example.com", preview: String = "The export button does nothing") -> InboxRow {
        InboxRow(
            id: "c1", kind: .chat, appName: "Acme iOS", email: email, preview: preview, state: .open, unread: unread,
            lastActivityAt: "2026-12-01T11:55:00.000Z")
    }

    func report(unread: Bool = false) -> InboxRow {
        InboxRow(
            id: "r1", kind: .report, reportType: "problem", appName: "Acme Pro", email: nil, preview: "Crash on launch", state: .inProgress,
            priority: "urgent", assignee: "Ben", labels: ["crash", "ios"], unread: unread, lastActivityAt: "2026-11-20T09:00:00.000Z")
    }

    func render(_ view: InboxView, viewer: PageShell.Viewer? = nil) -> String {
        InboxPage.render(view, viewer: viewer ?? self.viewer()).markup
    }

    func testUserTextRendersAsText() {
        // Given a conversation and a report whose user-written parts are markup
        var hostileChat = chat(email: "<script>alert(1)</script>@x.com", preview: "<img src=x onerror=alert(1)>")
        hostileChat.appName = "<b>App</b>"
        var hostileReport = report()
        hostileReport.labels = ["<i>x</i>"]
        hostileReport.assignee = "<u>Ben</u>"
        // When the inbox shows them
        let markup = render(InboxView(query: InboxQuery(text: "\"><script>"), apps: apps, rows: [hostileChat, hostileReport], now: now))
        // Then each is text: no tag of theirs reaches the page
        for tag in ["<script>", "<img src=x", "<b>App", "<i>x", "<u>Ben", "\"><script>"] {
            XCTAssertFalse(markup.contains(tag), tag)
        }
        XCTAssertTrue(markup.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(markup.contains("&lt;script&gt;alert(1)&lt;/script&gt;@x.com"))
        XCTAssertTrue(markup.contains("value=\"&quot;&gt;&lt;script&gt;\""))
        // And nothing is styled inline, which the page's policy would refuse
        XCTAssertFalse(markup.contains("style="))
    }

    func testTheListIsALiveRegionAndTheFiltersStayOutsideIt() throws {
        // When the inbox is rendered
        let markup = render(InboxView(query: InboxQuery(), apps: apps, rows: [chat()], now: now))
        // Then the list carries an id and data-live, so the script reloads it every 5 s
        let region = try XCTUnwrap(markup.range(of: "<section id=\"inbox-list\" data-live"))
        // And the filter form, a GET to /dashboard, comes before it, so a refresh never undoes typing
        let filters = try XCTUnwrap(markup.range(of: "<form method=\"get\" action=\"/dashboard\""))
        XCTAssertLessThan(filters.lowerBound, region.lowerBound)
        XCTAssertFalse(InboxPage.list(InboxView(query: InboxQuery(), apps: apps, rows: [chat()], now: now)).markup.contains("<form"))
    }

    func testUnreadRowsAreMarkedAndEachRowLinksToItsPage() {
        // Given an unread conversation and a read report
        let markup = render(InboxView(query: InboxQuery(), apps: apps, rows: [chat(unread: true), report(unread: false)], now: now))
        // Then only the conversation is marked unread, for the eye and for a screen reader
        XCTAssertEqual(InboxMarkup.count("<tr class=\"unread\">", in: markup), 1)
        XCTAssertEqual(InboxMarkup.count("Unread: ", in: markup), 1)
        // And the conversation opens at its newest message, the report at its page
        XCTAssertTrue(markup.contains("href=\"/dashboard/conversations/c1#latest\""))
        XCTAssertTrue(markup.contains("href=\"/dashboard/reports/r1\""))
        // And each says what it is and where it stands
        XCTAssertTrue(markup.contains("<span class=\"badge accent\">Chat</span>"))
        XCTAssertTrue(markup.contains("<span class=\"badge\">Problem</span>"))
        XCTAssertTrue(markup.contains("<span class=\"badge bad\">Urgent</span>"))
        XCTAssertTrue(markup.contains("<span class=\"badge label\">crash</span>"))
        XCTAssertTrue(markup.contains("In progress"))
        XCTAssertTrue(markup.contains("Anonymous user"))
        XCTAssertTrue(markup.contains(">5 min ago</time>"))
        XCTAssertTrue(markup.contains("title=\"20 Nov 2026, 09:00 UTC\">20 Nov</time>"))
    }

    func testAnIdentifierCannotLeaveItsPathSegment() {
        // Given an identifier with path and query characters
        var odd = chat()
        odd.id = "../settings?x=1"
        // Then the link stays under /dashboard/conversations/
        XCTAssertTrue(InboxPage.row(odd, now: now).markup.contains("href=\"/dashboard/conversations/..%2Fsettings%3Fx%3D1#latest\""))
    }

    func testTheFiltersShowWhatIsApplied() {
        // Given every filter set, with a label that no report carries any more
        let query = InboxQuery(
            app: "p2", kind: .report, state: .inProgress, assignee: "none", label: "old", unreadOnly: true, text: "crash")
        let view = InboxView(
            query: query, apps: apps, members: [InboxChoice(id: "m1", name: "Ben")], labels: ["crash"], rows: [report()], now: now)
        // When rendered
        let markup = render(view)
        // Then each control shows its value and the filters can be cleared
        XCTAssertTrue(markup.contains("<option value=\"p2\" selected>Acme Pro</option>"))
        XCTAssertTrue(markup.contains("<option value=\"report\" selected>Reports</option>"))
        XCTAssertTrue(markup.contains("<option value=\"in_progress\" selected>In progress</option>"))
        XCTAssertTrue(markup.contains("<option value=\"none\" selected>Unassigned</option>"))
        XCTAssertTrue(markup.contains("<option value=\"m1\">Ben</option>"))
        XCTAssertTrue(markup.contains("<option value=\"old\" selected>old</option>"))
        XCTAssertTrue(markup.contains("<input type=\"checkbox\" name=\"unread\" value=\"1\" checked>"))
        XCTAssertTrue(markup.contains("name=\"q\" value=\"crash\""))
        XCTAssertTrue(markup.contains("<a class=\"button\" href=\"/dashboard\">Clear</a>"))
        // And without filters nothing is selected and there is nothing to clear
        let plain = render(InboxView(query: InboxQuery(), apps: apps, rows: [chat()], now: now))
        XCTAssertFalse(plain.contains(" selected>Acme"))
        XCTAssertFalse(plain.contains(">Clear</a>"))
        XCTAssertFalse(plain.contains(" checked>"))
    }

    func testTheSearchBoxTakesAtMost120Characters() {
        // docs/limits.md: a search is up to 120 characters
        let markup = render(InboxView(query: InboxQuery(), apps: apps, rows: [], now: now))
        XCTAssertTrue(markup.contains("name=\"q\" value=\"\" maxlength=\"120\""))
        XCTAssertFalse(markup.contains("maxlength=\"121\""))
    }

    func testTheQueryReadsAndWritesTheSameFilters() throws {
        // Given a request's query with every filter
        let parameters = [
            "app": "p1", "kind": "chat", "state": "resolved", "assignee": "m1", "label": "billing issue", "unread": "1",
            "q": "a&b=c ü", "cursor": "42",
        ]
        let query = InboxQuery(parameters: parameters)
        // When it is written back as a link
        let text = query.queryString(cursor: query.cursor)
        XCTAssertTrue(text.contains("q=a%26b%3Dc%20%C3%BC"), text)
        // Then reading the link gives the same query
        let items = try XCTUnwrap(URLComponents(string: "/dashboard" + text)?.queryItems)
        let reread = InboxQuery(parameters: Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") }))
        XCTAssertEqual(reread, query)
        XCTAssertEqual(query.state, .resolved)
        XCTAssertTrue(query.unreadOnly)
        // And values it does not know are dropped, not failed on
        let odd = InboxQuery(parameters: ["kind": "email", "state": "closed", "unread": "true", "q": "  ", "app": ""])
        XCTAssertEqual(odd, InboxQuery())
        XCTAssertFalse(odd.isFiltered)
        XCTAssertEqual(odd.queryString(), "")
    }

    func testTheExportKeepsTheReportFilters() {
        // Given reports filtered by app, status and label
        let query = InboxQuery(app: "p1", kind: .report, state: .todo, label: "bug", cursor: "9")
        let markup = render(InboxView(query: query, apps: apps, rows: [report()], now: now))
        // Then the CSV link carries those filters and no cursor
        XCTAssertTrue(markup.contains("href=\"/dashboard/reports.csv?app=p1&amp;status=todo&amp;label=bug\""))
        // And an inbox narrowed to chats offers no report export
        XCTAssertFalse(render(InboxView(query: InboxQuery(kind: .chat), apps: apps, rows: [chat()], now: now)).contains("reports.csv"))
        XCTAssertFalse(render(InboxView(query: InboxQuery(state: .open), apps: apps, rows: [chat()], now: now)).contains("reports.csv"))
    }

    func testThePagerKeepsTheFilters() {
        // Given a first page of chats with more to come
        let first = render(InboxView(query: InboxQuery(kind: .chat), apps: apps, rows: [chat()], nextCursor: "c 2", now: now))
        // Then "Older" asks for the next page with the same filters, and there is no way back yet
        XCTAssertTrue(first.contains("href=\"/dashboard?kind=chat&amp;cursor=c%202\" rel=\"next\">Older</a>"))
        XCTAssertFalse(first.contains(">Newest</a>"))
        // And the last page has no "Older" but leads back to the newest
        let last = render(InboxView(query: InboxQuery(kind: .chat, cursor: "c 2"), apps: apps, rows: [chat()], now: now))
        XCTAssertFalse(last.contains(">Older</a>"))
        XCTAssertTrue(last.contains("<a class=\"button\" href=\"/dashboard?kind=chat\">Newest</a>"))
    }

    func testEachEmptyInboxSaysWhyAndWhereToGo() {
        // An organization with apps and nothing yet
        let quiet = render(InboxView(query: InboxQuery(), apps: apps, rows: [], now: now))
        XCTAssertTrue(quiet.contains("No conversations or reports yet."))
        XCTAssertFalse(quiet.contains("<table"))
        // Filters that match nothing can be cleared
        let filtered = render(InboxView(query: InboxQuery(unreadOnly: true), apps: apps, rows: [], now: now))
        XCTAssertTrue(filtered.contains("Nothing matches these filters."))
        XCTAssertTrue(filtered.contains("<a href=\"/dashboard\">Clear filters</a>"))
        // One app chosen and nothing in it: the app is quiet, and all apps are a click away
        let app = render(InboxView(query: InboxQuery(app: apps[0].id), apps: apps, rows: [], now: now))
        XCTAssertTrue(app.contains("No conversations or reports in " + apps[0].name + " yet."), app)
        XCTAssertTrue(app.contains("<a href=\"/dashboard\">All apps</a>"))
        XCTAssertFalse(app.contains("Nothing matches these filters."))
        // Past the last page leads back to the newest
        XCTAssertTrue(render(InboxView(query: InboxQuery(cursor: "1"), apps: apps, rows: [], now: now)).contains("Back to the newest"))
        // No app yet: an owner is sent to add one, a member who cannot is told who can
        let owner = render(
            InboxView(query: InboxQuery(), apps: [], rows: [], now: now), viewer: viewer(role: "owner", sections: [.inbox, .apps]))
        XCTAssertTrue(owner.contains("<a href=\"/dashboard/apps\">Add an app</a>"))
        XCTAssertFalse(owner.contains("role=\"search\""))
        let member = render(InboxView(query: InboxQuery(), apps: [], rows: [], now: now), viewer: viewer(sections: [.inbox]))
        XCTAssertFalse(member.contains("/dashboard/apps"))
        XCTAssertTrue(member.contains("Ask an owner or admin"))
    }

    func testTheOnlyPostFormIsSignOutAndItCarriesTheToken() {
        // The inbox changes nothing itself: its filters are a GET form
        let markup = render(InboxView(query: InboxQuery(), apps: apps, rows: [chat(), report()], now: now))
        XCTAssertEqual(InboxMarkup.postForms(markup).count, 1)
        InboxMarkup.assertEveryPostFormCarries("ft-123", in: markup)
    }

    func testTimesReadAsAgoForADayThenAsDates() {
        func ago(_ seconds: TimeInterval) -> String { InboxTime.short(ISOTime.format(now.addingTimeInterval(-seconds)), now: now) }
        // Each edge on both sides
        XCTAssertEqual(ago(59), "just now")
        XCTAssertEqual(ago(60), "1 min ago")
        XCTAssertEqual(ago(3_599), "59 min ago")
        XCTAssertEqual(ago(3_600), "1 h ago")
        XCTAssertEqual(ago(86_399), "23 h ago")
        XCTAssertEqual(ago(86_400), "30 Nov")
        XCTAssertEqual(InboxTime.short("2025-12-31T23:00:00.000Z", now: now), "31 Dec 2025")
        // A clock a little ahead is not "in the future"
        XCTAssertEqual(ago(-5), "just now")
        // The exact moment, and anything unreadable as it came
        XCTAssertEqual(InboxTime.full("2026-03-04T07:05:09.000Z"), "4 Mar 2026, 07:05 UTC")
        XCTAssertEqual(InboxTime.short("yesterday", now: now), "yesterday")
    }
}
