/// The frame of the community pages inside the Ideas section: the heading with the app
/// picker, the tabs (ideas, moderation queue, boards, changelog) for the chosen app, and the
/// state of an organization without any app.
enum IdeasNav {
    enum Tab: CaseIterable {
        case ideas, moderation, boards, changelog

        var title: String {
            switch self {
            case .ideas: return "Ideas"
            case .moderation: return "Moderation"
            case .boards: return "Boards"
            case .changelog: return "Changelog"
            }
        }

        var path: String {
            switch self {
            case .ideas: return "/dashboard/ideas"
            case .moderation: return "/dashboard/ideas/moderation"
            case .boards: return "/dashboard/ideas/boards"
            case .changelog: return "/dashboard/changelog"
            }
        }
    }

    /// A page of `tab` for `app` (nil when the organization has no app yet: the content is
    /// then replaced by a way to add one). `pending` counts the moderation queue when known.
    static func page(
        title: String, tab: Tab, apps: [CommunityApp], app: CommunityApp?, pending: Int? = nil, viewer: PageShell.Viewer,
        notice: PageShell.Notice?, @HTMLBuilder content: (CommunityApp) -> HTML
    ) -> HTML {
        PageShell.page(title: app.map { title + " · " + $0.name } ?? title, section: .ideas, viewer: viewer, notice: notice) {
            element("div", .class("community")) {
                element("div", .class("topline")) {
                    element("h1") { title }
                    if let app { picker(tab: tab, apps: apps, app: app) }
                }
                if let app {
                    tabs(current: tab, app: app, pending: pending)
                    content(app)
                } else {
                    noApps(viewer)
                }
            }
        }
    }

    /// A plain GET form: choosing another app reloads the same tab for it.
    static func picker(tab: Tab, apps: [CommunityApp], app: CommunityApp) -> HTML {
        guard apps.count > 1 else { return element("span", .class("muted")) { app.name } }
        return element("form", Attribute("method", "get"), Attribute("action", tab.path), .class("row")) {
            element("label", Attribute("for", "app-picker"), .class("visually-hidden")) { "App" }
            element("select", .id("app-picker"), .name("app")) {
                for choice in apps {
                    element("option", choice == app ? [.value(choice.id), .selected] : [.value(choice.id)]) { choice.name }
                }
            }
            element("button", .type("submit")) { "Show" }
        }
    }

    static func tabs(current: Tab, app: CommunityApp, pending: Int?) -> HTML {
        element("nav", .class("tabs"), .label("Community")) {
            for tab in Tab.allCases {
                element("a", tab == current ? [.href(href(tab, app)), Attribute("aria-current", "page")] : [.href(href(tab, app))]) {
                    tab.title
                    if tab == .moderation, let pending, pending > 0 {
                        " "
                        element("span", .class("count"), .title("waiting for review")) { FeedbackPageParts.grouped(pending) }
                    }
                }
            }
        }
    }

    static func href(_ tab: Tab, _ app: CommunityApp) -> String { FeedbackPageParts.href(tab.path, [("app", app.id)]) }

    static func noApps(_ viewer: PageShell.Viewer) -> HTML {
        element("div", .class("panel empty")) {
            element("p") { "No app yet. Ideas, boards and the changelog belong to an app." }
            if viewer.sections.contains(.apps) && viewer.managesBoards {
                element("a", .class("button primary"), .href("/dashboard/apps")) { "Add an app" }
            } else {
                element("p", .class("small")) { "Ask an owner or admin of " + viewer.organization + " to add one." }
            }
        }
    }
}
