/// The RevenueCat panel of an app's page (docs/revenuecat.md): the six overview figures of the
/// latest snapshot (unknown ones as "—"), the last synchronization, the 90-day MRR chart, and
/// for owners and admins Connect, Change key and Disconnect. The secret key is never drawn,
/// not even after a refused post: the form asks for it again.
public struct RevenuePanel: Sendable, Equatable {
    public struct Connection: Sendable, Equatable {
        public var projectId: String
        public var projectName: String
        public var lastError: String?
        public init(projectId: String, projectName: String, lastError: String?) {
            self.projectId = projectId
            self.projectName = projectName
            self.lastError = lastError
        }
    }

    public enum State: Sendable, Equatable {
        case notConnected
        case connected(Connection)
        /// asod did not answer: the rest of the page still works.
        case unavailable
    }

    /// A RevenueCat project the key sees, offered after `PROJECT_REQUIRED`.
    public struct Choice: Sendable, Equatable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    public var state: State
    public var currency: String?
    public var syncedAt: String?
    /// The latest snapshot's metrics by RevenueCat's IDs; nil (or absent) is unknown.
    public var latest: [String: Double?]
    /// 90 days of MRR, oldest first, nil for a day without a snapshot.
    public var mrr: [LineChart.Point]
    public var canManage: Bool
    public var choices: [Choice]
    public var problems: FormProblems
    /// The disconnect's second step is shown.
    public var confirmingDisconnect = false

    public init(
        state: State, currency: String? = nil, syncedAt: String? = nil, latest: [String: Double?] = [:], mrr: [LineChart.Point] = [],
        canManage: Bool, choices: [Choice] = [], problems: FormProblems = .none
    ) {
        self.state = state
        self.currency = currency
        self.syncedAt = syncedAt
        self.latest = latest
        self.mrr = mrr
        self.canManage = canManage
        self.choices = choices
        self.problems = problems
    }

    /// The figures in the order RevenueCat's overview shows them, with how each is read.
    static let figures: [(id: String, label: String, money: Bool)] = [
        ("mrr", "MRR", true), ("revenue", "Revenue, 28 days", true), ("active_subscriptions", "Active subscriptions", false),
        ("active_trials", "Active trials", false), ("new_customers", "New customers, 28 days", false),
        ("active_users", "Active users, 28 days", false),
    ]

    func html(appPath: String, token: String) -> HTML {
        element("section", .class("panel"), .id("revenuecat"), Attribute("aria-labelledby", "revenuecat-title")) {
            element("div", .class("row")) {
                element("h2", .id("revenuecat-title")) { "RevenueCat" }
                element("span", .class("spacer"))
                switch state {
                case .connected: element("span", .class("badge ok")) { "Connected" }
                case .notConnected: element("span", .class("badge")) { "Not connected" }
                case .unavailable: element("span", .class("badge")) { "Unknown" }
                }
            }
            if case .unavailable = state {
                element("p", .class("flash info")) { "The revenue service did not answer. Reload in a moment." }
            } else {
                if case .connected(let connection) = state {
                    element("p", .class("small muted")) {
                        "Project "
                        element("strong") { connection.projectName }
                        " ("
                        element("code") { connection.projectId }
                        ")"
                    }
                    if let lastError = connection.lastError {
                        element("p", .class("flash bad"), Attribute("role", "status")) { "The last synchronization failed: " + lastError }
                    }
                }
                if latest.isEmpty && mrr.allSatisfy({ $0.value == nil }) {
                    if case .connected = state { element("p", .class("small muted")) { "No snapshot yet." } }
                } else {
                    figuresList
                    chart
                }
                element("p", .class("small muted")) {
                    "Last synchronization: "
                    if let syncedAt { TimeText.html(syncedAt) } else { "never" }
                    "."
                }
                element("p", .class("small muted")) {
                    "These are project-level metrics: if one RevenueCat project contains several apps, its overview is not filtered "
                        + "down to this app. Unknown figures show as —; a missing snapshot is not zero revenue."
                }
                if canManage { manage(appPath: appPath, token: token) }
            }
        }
    }

    @HTMLBuilder var figuresList: HTML {
        element("dl", .class("figures")) {
            for figure in Self.figures {
                element("div") {
                    element("dt") { figure.label }
                    element("dd") {
                        if let value = latest[figure.id] ?? nil {
                            (figure.money ? ChartValueFormat.money(currency: currency) : .number).full(value)
                        } else {
                            element("span", .title("Unknown")) { "—" }
                        }
                    }
                }
            }
        }
    }

    @HTMLBuilder var chart: HTML {
        let known = mrr.compactMap(\.value)
        let summary =
            known.isEmpty
            ? "No MRR known in the last \(mrr.count) days."
            : "MRR on \(known.count) of the last \(mrr.count) days, from "
                + ChartValueFormat.money(currency: currency).full(known.min() ?? 0) + " to "
                + ChartValueFormat.money(currency: currency).full(known.max() ?? 0) + "; days without a snapshot are gaps."
        element("figure", .class("chart-box")) {
            LineChart(
                points: mrr, title: "MRR, last \(mrr.count) days", summary: summary, format: .money(currency: currency),
                idPrefix: "mrr-chart"
            ).html()
            element("figcaption", .class("small muted")) { "MRR, last \(mrr.count) days (UTC)" }
        }
    }
}
