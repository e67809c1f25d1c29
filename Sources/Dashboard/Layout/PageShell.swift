/// The frame of every signed-in page: the sidebar (the sections the member's role may open,
/// with the inbox's unread count), who is signed in with the sign-out button, and the
/// page's own content with an optional notice at the top.
public struct PageShell {
    public enum Section: String, CaseIterable, Sendable {
        case inbox, ideas, apps, explore, keywordExplorer, notifications, settings, whatsNew, requestFeature

        var title: String {
            switch self {
            case .inbox: return "Inbox"
            case .ideas: return "Ideas"
            case .apps: return "Apps"
            case .explore: return "Explore"
            case .keywordExplorer: return "Keyword Explorer"
            case .notifications: return "Notifications"
            case .settings: return "Settings"
            case .whatsNew: return "What's new"
            case .requestFeature: return "Request a feature"
            }
        }

        var path: String {
            switch self {
            case .inbox: return "/dashboard"
            case .ideas: return "/dashboard/ideas"
            case .apps: return "/dashboard/apps"
            case .explore: return "/dashboard/explore/apps"
            case .keywordExplorer: return "/dashboard/aso/keywords"
            case .notifications: return "/dashboard/notifications"
            case .settings: return "/dashboard/settings"
            case .whatsNew: return "/dashboard/whats-new"
            case .requestFeature: return "/dashboard/request-feature"
            }
        }
    }

    /// Who is signed in, as the frame shows them.
    public struct Viewer: Sendable {
        public let name: String
        public let email: String
        public let role: String
        public let organization: String
        public let formToken: String
        /// Sections this viewer may open, in order.
        public let sections: [Section]
        public let unread: Int
        /// What's new has entries dated after the member last opened it: the sidebar shows a dot.
        public let whatsNewUnread: Bool

        public init(
            name: String, email: String, role: String, organization: String, formToken: String, sections: [Section], unread: Int = 0,
            whatsNewUnread: Bool = false
        ) {
            self.whatsNewUnread = whatsNewUnread
            self.name = name
            self.email = email
            self.role = role
            self.organization = organization
            self.formToken = formToken
            self.sections = sections
            self.unread = unread
        }
    }

    public enum Notice: Sendable {
        case ok(String)
        case problem(String)
        case info(String)
    }

    /// `refreshSeconds` reloads the page after that long without script (a task still working).
    public static func page(
        title: String, section: Section?, viewer: Viewer, notice: Notice? = nil, refreshSeconds: Int? = nil,
        @HTMLBuilder content: () -> HTML
    ) -> HTML {
        document(title: title, refreshSeconds: refreshSeconds) {
            element("a", .class("skip"), .href("#main")) { "Skip to content" }
            element("div", .class("shell")) {
                element("nav", .class("side"), .label("Sections")) {
                    element("a", .class("brand"), .href("/dashboard")) { "AppNorth" }
                    element("div", .class("nav")) {
                        for item in viewer.sections {
                            element("a", item == section ? [.href(item.path), Attribute("aria-current", "page")] : [.href(item.path)]) {
                                element("span") { item.title }
                                if item == .inbox && viewer.unread > 0 {
                                    element("span", .class("count"), .title("unread")) { String(viewer.unread) }
                                }
                                if item == .whatsNew && viewer.whatsNewUnread {
                                    element("span", .class("dot"), .title("New updates")) {
                                        element("span", .class("visually-hidden")) { "New updates" }
                                    }
                                }
                            }
                        }
                    }
                    element("div", .class("me")) {
                        element("div") { viewer.name.isEmpty ? viewer.email : viewer.name }
                        element("div", .class("small")) { viewer.organization + " · " + viewer.role }
                        element("div", .class("row small")) {
                            element("a", .href("/dashboard/account")) { "Account" }
                            PostForm.make(action: "/logout", token: viewer.formToken) {
                                element("button", .type("submit"), .class("link")) { "Sign out" }
                            }
                        }
                    }
                }
                element("main", .id("main")) {
                    if let notice { noticeBlock(notice) }
                    content()
                }
            }
        }
    }

    /// A page outside the frame (sign-in, invitation, errors before sign-in).
    public static func bare(title: String, notice: Notice? = nil, @HTMLBuilder content: () -> HTML) -> HTML {
        document(title: title) {
            element("main", .id("main"), .class("auth")) {
                element("div", .class("brand")) { "AppNorth" }
                if let notice { noticeBlock(notice) }
                element("div", .class("panel")) { content() }
            }
        }
    }

    static func noticeBlock(_ notice: Notice) -> HTML {
        switch notice {
        case .ok(let text): return element("div", .class("flash ok"), Attribute("role", "status")) { text }
        case .problem(let text): return element("div", .class("flash bad"), Attribute("role", "alert")) { text }
        case .info(let text): return element("div", .class("flash info"), Attribute("role", "status")) { text }
        }
    }

    static func document(title: String, refreshSeconds: Int? = nil, @HTMLBuilder body: () -> HTML) -> HTML {
        let assets = DashboardAssets.shared
        return HTMLBuilder.join([
            .trusted("<!doctype html>"),
            element("html", Attribute("lang", "en")) {
                element("head") {
                    voidElement("meta", Attribute("charset", "utf-8"))
                    voidElement("meta", .name("viewport"), Attribute("content", "width=device-width, initial-scale=1"))
                    voidElement("meta", .name("referrer"), Attribute("content", "same-origin"))
                    if let refreshSeconds {
                        voidElement("meta", Attribute("http-equiv", "refresh"), Attribute("content", String(refreshSeconds)))
                    }
                    element("title") { title + " · AppNorth" }
                    voidElement("link", Attribute("rel", "stylesheet"), .href(assets.stylesheet.path))
                    element("script", Attribute("src", assets.script.path), Attribute(boolean: "defer"))
                }
                element("body") { body() }
            },
        ])
    }
}
