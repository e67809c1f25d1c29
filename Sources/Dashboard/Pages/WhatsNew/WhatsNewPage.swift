/// `GET /dashboard/whats-new`: the hub's own product updates, newest first, each dated and
/// linked to its documentation on the docs site (`APPNORTH_DOCS_URL`; the hub serves no
/// `/docs`). Entries dated after the member's previous visit are marked new; these are
/// announcements about AppNorth, not the apps' activity (that is Notifications).
public struct WhatsNewPage: Sendable {
    public var entries: [WhatsNewEntry]
    /// The docs site, e.g. `https://www.appnorth.app/docs`, without a trailing slash.
    public var docsURL: String
    /// When the member last opened the page before this visit; nil: never.
    public var previousVisit: String?

    public init(entries: [WhatsNewEntry], docsURL: String, previousVisit: String?) {
        self.entries = entries
        self.docsURL = docsURL
        self.previousVisit = previousVisit
    }

    /// The link of a `/docs/…` path on the docs site.
    public func href(_ path: String) -> String { docsURL + path.dropFirst("/docs".count) }

    func isNew(_ entry: WhatsNewEntry) -> Bool {
        guard let previousVisit else { return true }
        return entry.date > String(previousVisit.prefix(10))
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "What's new", section: .whatsNew, viewer: viewer) {
            element("h1") { "What's new" }
            element("p", .class("small muted")) {
                "Updates to AppNorth itself, newest first. Your apps' activity is in "
                element("a", .href("/dashboard/notifications")) { "Notifications" }
                "."
            }
            if entries.isEmpty { element("p", .class("muted")) { "Nothing here yet." } }
            element("ol", .class("updates")) {
                for entry in entries {
                    element("li", .class("panel update")) {
                        element("div", .class("row small muted")) {
                            element("time", Attribute("datetime", entry.date)) { entry.date }
                            if isNew(entry) { element("span", .class("badge ok")) { "New" } }
                        }
                        element("h2") { entry.title }
                        element("p") { entry.text }
                        element("p", .class("row small")) {
                            for link in entry.links {
                                element("a", .href(href(link.path)), Attribute("rel", "noopener")) { link.title }
                            }
                        }
                    }
                }
            }
        }
    }
}
