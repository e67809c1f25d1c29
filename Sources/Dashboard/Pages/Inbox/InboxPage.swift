import Foundation

/// The inbox (`GET /dashboard`): chat conversations and private reports in one list, newest
/// activity first. The list is a live region the page script reloads every 5 s, so new items
/// appear without a reload; the filters sit outside it, so typing in them is never undone.
public enum InboxPage {
    /// The live region's ID.
    public static let listId = "inbox-list"

    public static func render(_ view: InboxView, viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Inbox", section: .inbox, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Inbox" }
                if !view.apps.isEmpty && view.query.kind != .chat && view.query.state?.kind != .chat {
                    element("a", .class("button"), .href(InboxPaths.reportsCSV(view.query))) { "Export reports (CSV)" }
                }
            }
            if !view.apps.isEmpty || view.query.isFiltered { filters(view) }
            element("section", .id(listId), Attribute(boolean: "data-live"), .label("Conversations and reports")) {
                if view.rows.isEmpty {
                    empty(view, viewer: viewer)
                } else {
                    list(view)
                    pager(view)
                }
            }
        }
    }

    static func list(_ view: InboxView) -> HTML {
        element("div", .class("panel inbox-panel")) {
            element("table", .class("list inbox")) {
                element("thead") {
                    element("tr") {
                        element("th", Attribute("scope", "col")) { "From" }
                        element("th", Attribute("scope", "col"), .class("wide app")) { "App" }
                        element("th", Attribute("scope", "col"), .class("state")) { "Status" }
                        element("th", Attribute("scope", "col"), .class("wide assignee")) { "Assignee" }
                        element("th", Attribute("scope", "col"), .class("when")) { "Activity" }
                    }
                }
                element("tbody") {
                    for row in view.rows { self.row(row, now: view.now) }
                }
            }
        }
    }

    static func row(_ row: InboxRow, now: Date) -> HTML {
        let link = row.kind == .chat ? InboxPaths.conversation(row.id) + "#latest" : InboxPaths.report(row.id)
        return element("tr", row.unread ? [.class("unread")] : []) {
            element("td") {
                element("div", .class("who")) {
                    element("a", .class("subject"), .href(link)) {
                        if row.unread {
                            element("span", .class("dot"), Attribute("aria-hidden", "true"))
                            element("span", .class("sr-only")) { "Unread: " }
                        }
                        row.email ?? "Anonymous user"
                    }
                    InboxBadges.kind(row)
                    for label in row.labels { element("span", .class("badge label")) { label } }
                }
                element("span", .class("preview")) { row.preview.isEmpty ? "(no text)" : row.preview }
            }
            element("td", .class("wide")) { row.appName }
            element("td") {
                element("div", .class("row")) {
                    InboxBadges.state(row.state)
                    if let sentiment = row.sentiment { InboxBadges.sentiment(sentiment) }
                    if let priority = row.priority { InboxBadges.priority(priority) }
                }
            }
            element("td", .class("wide")) {
                if row.kind == .report { row.assignee ?? "Unassigned" }
            }
            element("td", .class("when")) { InboxTime.html(row.lastActivityAt, now: now) }
        }
    }

    static func pager(_ view: InboxView) -> HTML {
        element("nav", .class("pager"), .label("Pages")) {
            if view.query.cursor != nil {
                element("a", .class("button"), .href(InboxPaths.inbox(view.query))) { "Newest" }
            }
            if let next = view.nextCursor {
                element("a", .class("button"), .href(InboxPaths.inbox(view.query, cursor: next)), Attribute("rel", "next")) { "Older" }
            }
        }
    }

    /// No dead end: each empty list says why and links to what helps.
    static func empty(_ view: InboxView, viewer: PageShell.Viewer) -> HTML {
        element("div", .class("panel empty")) {
            if view.query.isFiltered && view.query == InboxQuery(app: view.query.app) && view.query.cursor == nil,
                let app = view.apps.first(where: { $0.id == view.query.app })
            {
                // Only an app is chosen: that app is quiet, the filters are not the reason.
                element("p") { element("strong") { "No conversations or reports in " + app.name + " yet." } }
                element("p") {
                    "When its users write in chat or send a report, it appears here within seconds. "
                    element("a", .href(InboxPaths.inbox)) { "All apps" }
                }
            } else if view.query.isFiltered {
                element("p") { element("strong") { "Nothing matches these filters." } }
                element("p") { element("a", .href(InboxPaths.inbox)) { "Clear filters" } }
            } else if view.query.cursor != nil {
                element("p") { element("strong") { "No older conversations or reports." } }
                element("p") { element("a", .href(InboxPaths.inbox)) { "Back to the newest" } }
            } else if view.apps.isEmpty {
                element("p") { element("strong") { "No apps yet." } }
                if viewer.sections.contains(.apps) {
                    element("p") {
                        "Add an app and install the SDK; its chats and reports arrive here. "
                        element("a", .href("/dashboard/apps")) { "Add an app" }
                    }
                } else {
                    element("p") { "Ask an owner or admin of your organization to add an app." }
                }
            } else {
                element("p") { element("strong") { "No conversations or reports yet." } }
                element("p") { "When your users write in chat or send a report, it appears here within seconds." }
            }
        }
    }
}
