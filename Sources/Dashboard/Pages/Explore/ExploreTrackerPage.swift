/// `GET /dashboard/explore/tracker` (docs "AppTracker"): recorded events of the watched apps
/// over 7, 30 or 90 days (30 by default), filtered by app and event type, grouped by date,
/// newest first, each with "View change" to the app's profile; the notice when the 2,000-event
/// bound or the per-app limits may omit older activity; the plan gate without full market
/// access and a watchlist allowance.
public struct ExploreTrackerPage: Sendable {
    public struct Event: Sendable, Equatable {
        public var date: String
        public var adamId: String
        public var appName: String
        public var title: String
        public var detail: String
        public init(date: String, adamId: String, appName: String, title: String, detail: String) {
            self.date = date
            self.adamId = adamId
            self.appName = appName
            self.title = title
            self.detail = detail
        }
    }

    public static let path = ExploreNav.base + "/tracker"
    public static let filters = [
        ("", "All events"), ("ranking", "Ranking"), ("ads", "Ads"), ("organic", "Organic"), ("onboardings", "Onboardings"),
        ("paywalls", "Paywalls"), ("downloads", "Est. downloads"), ("version", "Version"), ("rating", "Rating"),
    ]

    public var days: Int
    public var adamId: String?
    public var type: String?
    /// The watched apps, for the app filter: ID and name.
    public var apps: [(adamId: String, name: String)]
    public var events: [Event]
    public var fromDate: String?
    public var toDate: String?
    /// The timeline's own notice when its bounds may omit older activity.
    public var boundNotice: String?
    public var planRequired: Bool
    public var problems: FormProblems

    public init(
        days: Int, adamId: String?, type: String?, apps: [(adamId: String, name: String)] = [], events: [Event] = [],
        fromDate: String? = nil, toDate: String? = nil, boundNotice: String? = nil, planRequired: Bool = false,
        problems: FormProblems = .none
    ) {
        self.days = days
        self.adamId = adamId
        self.type = type
        self.apps = apps
        self.events = events
        self.fromDate = fromDate
        self.toDate = toDate
        self.boundNotice = boundNotice
        self.planRequired = planRequired
        self.problems = problems
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "AppTracker · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "AppTracker" }
                element("a", .class("button"), .href(ExploreWatchlistPage.path)) { "Manage watchlist" }
            }
            ExploreNav.html(current: .tracker)
            if planRequired {
                element("div", .class("panel empty")) {
                    element("p") { "AppTracker needs full market access and a watchlist allowance, included in Studio." }
                    element("p", .class("small")) { "A Pro watchlist does not unlock AppTracker." }
                }
            } else {
                filterForm
                if let boundNotice { element("p", .class("flash info"), Attribute("role", "status")) { boundNotice } }
                timeline
            }
        }
    }

    var filterForm: HTML {
        element("form", Attribute("method", "get"), Attribute("action", Self.path), .class("panel filters row")) {
            LabeledField(id: "t-days", label: "Period", problems: problems["days"]).select(
                "days", options: [("7", "7d"), ("30", "30d"), ("90", "90d")], selected: String(days))
            LabeledField(id: "t-app", label: "App", problems: problems["adamId"]).select(
                "adamId", options: [("", "All watched apps")] + apps.map { ($0.adamId, $0.name) }, selected: adamId ?? "")
            LabeledField(id: "t-type", label: "Events", problems: problems["type"]).select(
                "type", options: Self.filters, selected: type ?? "")
            element("div", .class("row")) { element("button", .type("submit")) { "Show" } }
        }
    }

    @HTMLBuilder var timeline: HTML {
        if let fromDate, let toDate {
            element("p", .class("small muted")) { "Recorded events from \(fromDate) to \(toDate) (UTC), newest first." }
        }
        if events.isEmpty {
            element("div", .class("panel empty")) {
                element("p") { "No matching recorded event in this period. That does not mean nothing happened to the app." }
                if type == "version" || type == "rating" {
                    element("p", .class("small")) { "Version and rating changes have no historical observations in AppTracker." }
                }
            }
        } else {
            let days = Dictionary(grouping: events, by: { String($0.date.prefix(10)) })
            for day in days.keys.sorted(by: >) {
                element("section", .class("panel tracker-day")) {
                    element("h2") { element("time", Attribute("datetime", day)) { day } }
                    element("ul", .class("plain-list")) {
                        for event in days[day] ?? [] {
                            element("li") {
                                element("strong") { event.appName }
                                " · " + event.title
                                element("div", .class("small muted")) { event.detail }
                                element("a", .class("small"), .href(ExploreNav.profile(event.adamId))) { "View change" }
                            }
                        }
                    }
                }
            }
        }
    }
}
