/// `GET /dashboard/work/{id}`: a slow provider call the member started (App Store Connect,
/// iTunes) while it runs, when it failed, or when the hub no longer knows it. A running task's
/// page reloads itself every `refreshSeconds` without script until the result is there; the
/// finished result is its own page or a redirect, drawn by whoever started the task.
public struct WorkPage: Sendable {
    public enum State: Sendable, Equatable {
        /// Still waiting on the provider, since `startedAt` (ISO-8601).
        case running(startedAt: String)
        /// The provider or the hub refused: the stable code, the hub's message and what to do.
        case failed(code: String, message: String, action: String?)
        /// Expired, from before a restart, or never this member's.
        case lost
    }

    public static let refreshSeconds = 2

    /// What the member asked for, as a heading: "Connecting App Store Connect".
    public var title: String
    public var state: State
    /// Where the member came from, to go back without waiting.
    public var back: String
    /// The page's own address, for "Check now".
    public var path: String

    public init(title: String, state: State, back: String, path: String) {
        self.title = title
        self.state = state
        self.back = back
        self.path = path
    }

    /// The lost task's page: nothing to show but the way back.
    public static func lost(back: String = "/dashboard") -> WorkPage {
        WorkPage(title: "This task is no longer known", state: .lost, back: back, path: back)
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        var refresh: Int?
        if case .running = state { refresh = WorkPage.refreshSeconds }
        return PageShell.page(title: title, section: .apps, viewer: viewer, refreshSeconds: refresh) {
            element("section", .class("panel work"), .id("work"), Attribute("aria-labelledby", "work-title")) {
                element("h1", .id("work-title")) { title }
                switch state {
                case .running(let startedAt):
                    element("p", .class("working"), Attribute("role", "status"), Attribute("aria-live", "polite")) {
                        element("span", .class("spinner"), Attribute("aria-hidden", "true"))
                        "Working… Apple or the store can take up to a minute; this page updates itself."
                    }
                    element("p", .class("small muted")) {
                        "Started "
                        TimeText.html(startedAt)
                        ". You can leave: the result waits here for ten minutes."
                    }
                    element("div", .class("row")) {
                        element("a", .class("button"), .href(path)) { "Check now" }
                        element("a", .class("button"), .href(back)) { "Back" }
                    }
                case .failed(let code, let message, let action):
                    element("div", .class("flash bad"), Attribute("role", "alert")) {
                        element("p") { message }
                        if let action {
                            element("p") {
                                element("strong") { "What to do: " }
                                action
                            }
                        }
                        element("p", .class("small")) { element("code") { code } }
                    }
                    element("div", .class("row")) { element("a", .class("button primary"), .href(back)) { "Back" } }
                case .lost:
                    element("p") {
                        "The result of this task is gone: results are kept for ten minutes, and not across a restart of the hub. "
                            + "Whatever Apple accepted is saved; look at the page again, and start it again if needed."
                    }
                    element("div", .class("row")) { element("a", .class("button primary"), .href(back)) { "Back" } }
                }
            }
        }
    }
}
