/// `GET /dashboard/explore/watchlist` (docs "Explore", watchlist): the workspace's watched apps
/// with the plan's allowance (Free none, Pro five, Studio 50); owners and admins add from a
/// profile and remove here. AppTracker reads the same list.
public struct ExploreWatchlistPage: Sendable {
    public struct Item: Sendable, Equatable {
        public var adamId: String
        public var name: String
        public var note: String?
        public var addedAt: String
        public init(adamId: String, name: String, note: String?, addedAt: String) {
            self.adamId = adamId
            self.name = name
            self.note = note
            self.addedAt = addedAt
        }
    }

    public var items: [Item]
    /// nil: no limit.
    public var allowance: Int?
    public var canManage: Bool

    public init(items: [Item], allowance: Int?, canManage: Bool) {
        self.items = items
        self.allowance = allowance
        self.canManage = canManage
    }

    public static let path = ExploreNav.base + "/watchlist"

    var allowanceText: String {
        guard let allowance else { return "\(items.count) watched apps, no workspace limit." }
        if allowance == 0 { return "The current plan has no watchlist allowance: Pro allows 5 apps, Studio 50." }
        return "\(items.count) of \(allowance) watched apps on this plan."
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Watchlist · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("h1") { "Watchlist" }
            ExploreNav.html(current: .watchlist)
            element("p", .class("muted"), .id("allowance")) { allowanceText }
            if items.isEmpty {
                element("div", .class("panel empty")) {
                    element("p") { "No watched app yet." }
                    element("p", .class("small")) {
                        element("a", .href(ExploreNav.base + "/apps")) { "Find apps" }
                        " and add them from their profile."
                    }
                }
            } else {
                element("ul", .class("panel plain-list")) {
                    for item in items {
                        element("li", .class("row")) {
                            element("a", .href(ExploreNav.profile(item.adamId))) { item.name }
                            if let note = item.note { element("span", .class("small muted")) { note } }
                            element("span", .class("spacer"))
                            element("span", .class("small muted")) { "added " + String(item.addedAt.prefix(10)) }
                            element("a", .class("small"), .href(ExploreNav.base + "/tracker?days=30&adamId=" + item.adamId)) { "Activity" }
                            if canManage {
                                PostForm.make(action: Self.path + "/" + item.adamId + "/remove", token: viewer.formToken, .class("inline"))
                                {
                                    element("button", .type("submit"), .class("link")) { "Remove" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
