/// `GET /changelog/<APP_ID>`: the published entries, newest first, each with its day of
/// publication, and the Atom feed's address.
public struct PublicChangelogPage: Sendable {
    public let site: RoadmapSite
    public let entries: [RoadmapEntry]
    public let nextCursor: String?
    public let paged: Bool

    public init(site: RoadmapSite, entries: [RoadmapEntry], nextCursor: String?, paged: Bool) {
        self.site = site
        self.entries = entries
        self.nextCursor = nextCursor
        self.paged = paged
    }

    public var html: HTML {
        let copy = site.copy
        let paths = site.paths
        return PublicShell.page(site: site, title: copy.changelog, section: .changelog, path: paths.changelog) {
            element("div", .class("topline")) {
                element("h1") { site.appName + " · " + copy.changelog }
                element("a", .class("small"), .href(paths.feed)) { copy.feed }
            }
            if entries.isEmpty {
                element("p", .class("panel empty")) { copy.noEntries }
            }
            for entry in entries {
                element("article", .class("panel entry public-entry"), .id("entry-" + entry.id)) {
                    element("h2") { entry.title }
                    element("p", .class("small muted")) {
                        copy.published + " "
                        RoadmapTime.date(entry.publishedAt, site.language)
                    }
                    element("p", .class("message")) { entry.body }
                }
            }
            if paged || nextCursor != nil {
                element("nav", .class("pager row")) {
                    if paged { element("a", .href(paths.changelog)) { copy.firstPage } }
                    if let nextCursor {
                        element("a", .class("button"), .href(paths.changelog + RoadmapPaths.query([("cursor", nextCursor)]))) {
                            copy.nextPage
                        }
                    }
                }
            }
        }
    }
}
