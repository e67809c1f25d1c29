import Foundation

/// `/dashboard/notifications`: the organization's feed with the member's read state, All and
/// Unread tabs, a kind filter (a GET form), each item linked to its source with "Mark read", and
/// "Mark all read". No script is needed for any of it.
public enum NotificationsPage {
    public static let path = "/dashboard/notifications"
    public static let readAllPath = "/dashboard/notifications/read-all"

    public static func readPath(_ id: String) -> String { path + "/" + InboxPaths.encoded(id) + "/read" }

    public static func render(_ view: NotificationsView, viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Notifications", section: .notifications, viewer: viewer, notice: notice ?? unavailable(view)) {
            element("div", .class("topline")) {
                element("h1") { "Notifications" }
                if view.rows.contains(where: { !$0.read }) {
                    PostForm.make(action: readAllPath, token: viewer.formToken) {
                        hiddenFilters(view)
                        element("button", .type("submit")) { "Mark all read" }
                    }
                }
            }
            element("nav", .class("tabs"), .label("Read state")) {
                tab("All", href: NotificationsView.path(kind: view.kind, unreadOnly: false), current: !view.unreadOnly)
                tab("Unread", href: NotificationsView.path(kind: view.kind, unreadOnly: true), current: view.unreadOnly)
            }
            filter(view)
            if view.rows.isEmpty {
                empty(view)
            } else {
                element("ul", .class("panel notifications"), .label("Notifications")) {
                    for row in view.rows { item(row, view: view, token: viewer.formToken) }
                }
            }
        }
    }

    static func unavailable(_ view: NotificationsView) -> PageShell.Notice? {
        guard !view.unavailable.isEmpty else { return nil }
        return .problem("Not shown just now: " + view.unavailable.joined(separator: ", ") + ". Reload in a moment.")
    }

    static func tab(_ title: String, href: String, current: Bool) -> HTML {
        element("a", current ? [.href(href), Attribute("aria-current", "page")] : [.href(href)]) { title }
    }

    static func filter(_ view: NotificationsView) -> HTML {
        element("form", .class("filters"), Attribute("method", "get"), Attribute("action", path)) {
            if view.unreadOnly { voidElement("input", .type("hidden"), .name("unread"), .value("true")) }
            element("label", .class("kind")) {
                "Type"
                element("select", .name("kind")) {
                    element("option", view.kind == nil ? [.value(""), .selected] : [.value("")]) { "All types" }
                    for kind in NotificationsView.kinds {
                        element("option", view.kind == kind.value ? [.value(kind.value), .selected] : [.value(kind.value)]) { kind.label }
                    }
                }
            }
            element("button", .type("submit")) { "Filter" }
        }
    }

    /// The filters a post carries, so its redirect comes back to the same view.
    static func hiddenFilters(_ view: NotificationsView) -> HTML {
        HTMLBuilder.join([
            view.kind.map { voidElement("input", .type("hidden"), .name("kind"), .value($0)) } ?? .empty,
            view.unreadOnly ? voidElement("input", .type("hidden"), .name("unread"), .value("true")) : .empty,
        ])
    }

    static func item(_ row: NotificationRow, view: NotificationsView, token: String) -> HTML {
        element("li", row.read ? [.class("note-item")] : [.class("note-item unread")]) {
            element("div", .class("note-main")) {
                element("div", .class("row small")) {
                    if !row.read {
                        element("span", .class("dot"), Attribute("aria-hidden", "true"))
                        element("span", .class("sr-only")) { "Unread: " }
                    }
                    element("span", .class("badge")) { NotificationsView.label(row.kind) }
                    if !row.appName.isEmpty { element("span", .class("muted")) { row.appName } }
                    if let at = row.at { InboxTime.html(at, now: view.now) }
                }
                element("a", .class("subject"), .href(row.link)) { row.title }
            }
            if !row.read {
                PostForm.make(action: readPath(row.id), token: token) {
                    hiddenFilters(view)
                    element("button", .type("submit"), .class("link")) { "Mark read" }
                }
            }
        }
    }

    static func empty(_ view: NotificationsView) -> HTML {
        element("div", .class("panel empty")) {
            if view.unreadOnly || view.kind != nil {
                element("p") { element("strong") { view.unreadOnly ? "Nothing unread here." : "Nothing of this type." } }
                element("p") { element("a", .href(path)) { "All notifications" } }
            } else {
                element("p") { element("strong") { "No notifications." } }
                element("p") {
                    "Unread chats, new reports and reviews, keyword drops, price jobs, revenue changes and AppTracker events of the last seven days appear here."
                }
            }
        }
    }
}
