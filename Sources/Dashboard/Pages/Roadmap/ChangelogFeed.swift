/// `GET /changelog/<APP_ID>/feed.atom`: the published entries as an Atom 1.0 feed (RFC 4287),
/// newest first. Every text is escaped as the pages escape it, which is valid XML too.
public struct ChangelogFeed: Sendable {
    public let site: RoadmapSite
    /// The hub's public origin, e.g. `https://hub.example.com`: Atom IDs and links are absolute.
    public let base: String
    public let entries: [RoadmapEntry]
    /// When the feed last changed: the newest entry's, else the project's.
    public let updated: String

    public init(site: RoadmapSite, base: String, entries: [RoadmapEntry], updated: String) {
        self.site = site
        self.base = base
        self.entries = entries
        self.updated = updated
    }

    public var xml: String {
        let copy = site.copy
        let page = base + site.paths.changelog
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"" + site.language.rawValue + "\">\n"
        out += "<title>" + HTML.escape(site.appName + " · " + copy.changelog) + "</title>\n"
        out += "<id>" + HTML.escape(page) + "</id>\n"
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + HTML.escape(page) + "\"/>\n"
        out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"" + HTML.escape(base + site.paths.feed) + "\"/>\n"
        out += "<updated>" + HTML.escape(updated) + "</updated>\n"
        out += "<author><name>" + HTML.escape(site.appName) + "</name></author>\n"
        for entry in entries {
            out += "<entry>\n"
            out += "<title>" + HTML.escape(entry.title) + "</title>\n"
            out += "<id>" + HTML.escape(page + "#entry-" + entry.id) + "</id>\n"
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"" + HTML.escape(page + "#entry-" + entry.id) + "\"/>\n"
            out += "<published>" + HTML.escape(entry.publishedAt) + "</published>\n"
            out += "<updated>" + HTML.escape(max(entry.publishedAt, entry.updatedAt)) + "</updated>\n"
            out += "<content type=\"text\">" + HTML.escape(entry.body) + "</content>\n"
            out += "</entry>\n"
        }
        out += "</feed>\n"
        return out
    }
}
