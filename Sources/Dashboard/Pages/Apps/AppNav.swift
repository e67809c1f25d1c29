/// The links between an app's pages: its overview, its App Store reviews, keywords, metadata and prices.
public enum AppNav {
    public enum Tab: Sendable { case overview, reviews, keywords, metadata, prices }

    static func html(projectId: String, current: Tab) -> HTML {
        let base = "/dashboard/apps/" + projectId
        let tabs: [(Tab, String, String)] = [
            (.overview, "Overview", base), (.reviews, "Reviews", base + "/reviews"), (.keywords, "Keywords", base + "/keywords"),
            (.metadata, "Metadata", base + "/metadata"), (.prices, "Prices", base + "/prices"),
        ]
        return element("nav", .class("tabs"), .label("App")) {
            for (tab, label, path) in tabs {
                element("a", tab == current ? [.href(path), Attribute("aria-current", "page")] : [.href(path)]) { label }
            }
        }
    }
}
