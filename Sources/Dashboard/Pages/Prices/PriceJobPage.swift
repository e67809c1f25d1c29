/// One price job (docs "Price localization", "Price jobs"): each territory's item with its state,
/// `uncertain` (the write may have reached Apple; the next pass asks Apple) drawn apart from
/// `failed`, the job's overall state, and cancel, retry and rollback for owners and admins.
/// While items are open the page reloads itself without script.
public struct PriceJobPage: Sendable {
    public struct Item: Sendable, Equatable {
        public var territory: String
        public var targetPointId: String
        public var fromPointId: String?
        public var state: String
        public var attempts: Int
        public var error: String?
        public var updatedAt: String
        public init(
            territory: String, targetPointId: String, fromPointId: String?, state: String, attempts: Int, error: String?, updatedAt: String
        ) {
            self.territory = territory
            self.targetPointId = targetPointId
            self.fromPointId = fromPointId
            self.state = state
            self.attempts = attempts
            self.error = error
            self.updatedAt = updatedAt
        }
    }

    public var projectId: String
    public var appName: String
    public var jobId: String
    public var productId: String
    public var createdAt: String
    public var rollbackOf: String?
    public var startDate: String?
    public var items: [Item]
    public var canManage: Bool

    public init(
        projectId: String, appName: String, jobId: String, productId: String, createdAt: String, rollbackOf: String?,
        startDate: String?, items: [Item], canManage: Bool
    ) {
        self.projectId = projectId
        self.appName = appName
        self.jobId = jobId
        self.productId = productId
        self.createdAt = createdAt
        self.rollbackOf = rollbackOf
        self.startDate = startDate
        self.items = items
        self.canManage = canManage
    }

    public static let refreshSeconds = 3
    static let open: Set<String> = ["pending", "running", "sent", "uncertain"]

    /// `running` while an item is open; else `failed` when one failed, `cancelled` when all that
    /// were not set were cancelled, `succeeded` when every item did.
    public static func overall(_ states: [String]) -> String {
        if states.contains(where: open.contains) { return "running" }
        if states.contains("failed") { return "failed" }
        if states.contains("cancelled") { return states.allSatisfy { $0 == "cancelled" } ? "cancelled" : "partly cancelled" }
        return "succeeded"
    }

    static func tone(_ state: String) -> String {
        switch state {
        case "succeeded": return "badge ok"
        case "failed": return "badge bad"
        case "uncertain": return "badge warn"
        case "pending", "running", "sent": return "badge accent"
        default: return "badge"
        }
    }

    static func stateBadge(_ state: String) -> HTML {
        element("span", .class(tone(state)), Attribute("data-state", state)) { state }
    }

    /// `3 succeeded · 1 uncertain`, in the docs' order of states.
    static func summary(_ counts: [String: Int]) -> String {
        ["pending", "running", "sent", "uncertain", "succeeded", "failed", "cancelled"].compactMap { state in
            counts[state].map { "\($0) \(state)" }
        }.joined(separator: " · ")
    }

    var path: String { "/dashboard/apps/" + projectId + "/prices" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        let overall = Self.overall(items.map(\.state))
        return PageShell.page(
            title: "Price job · " + appName, section: .apps, viewer: viewer, notice: notice,
            refreshSeconds: overall == "running" ? Self.refreshSeconds : nil
        ) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href(path + "#jobs")) { "← Prices of " + appName } }
            element("div", .class("topline")) {
                element("h1") { "Price job" }
                element("span", .class(Self.tone(overall == "running" ? "running" : overall)), .id("job-state")) { overall }
            }
            element("dl", .class("facts panel")) {
                element("dt") { "Product" }
                element("dd") { productId }
                element("dt") { "Submitted" }
                element("dd") { TimeText.html(createdAt) }
                if let startDate {
                    element("dt") { "Takes effect" }
                    element("dd") { startDate }
                }
                if let rollbackOf {
                    element("dt") { "Rolls back" }
                    element("dd") { element("a", .href(path + "/jobs/" + rollbackOf)) { "an earlier job" } }
                }
            }
            if items.contains(where: { $0.state == "uncertain" }) {
                element("p", .class("flash info")) {
                    "An uncertain item's write may have reached Apple. It is not failed: the next pass asks Apple before anything is sent again."
                }
            }
            element("section", .class("panel"), .id("items")) {
                element("div", .class("scroll-x")) {
                    element("table", .class("list stacked")) {
                        element("thead") {
                            element("tr") {
                                element("th") { "Territory" }
                                element("th") { "State" }
                                element("th") { "From → to" }
                                element("th", .class("num")) { "Attempts" }
                                element("th") { "Detail" }
                            }
                        }
                        element("tbody") {
                            for item in items {
                                element("tr", .id("item-" + item.territory)) {
                                    element("td") { element("strong") { item.territory } }
                                    element("td") { Self.stateBadge(item.state) }
                                    element("td", .class("small")) { (item.fromPointId ?? "no price") + " → " + item.targetPointId }
                                    element("td", .class("num")) { String(item.attempts) }
                                    element("td", .class("small")) { item.error ?? "" }
                                }
                            }
                        }
                    }
                }
            }
            if canManage { actions(token: viewer.formToken) }
        }
    }

    func actions(token: String) -> HTML {
        let states = Set(items.map(\.state))
        return element("div", .class("row"), .id("job-actions")) {
            if states.contains("pending") {
                PostForm.make(action: path + "/jobs/" + jobId + "/cancel", token: token, .class("inline")) {
                    element("button", .type("submit")) { "Cancel pending items" }
                }
            }
            if states.contains("failed") {
                PostForm.make(action: path + "/jobs/" + jobId + "/retry", token: token, .class("inline")) {
                    element("button", .type("submit")) { "Retry failed items" }
                }
            }
            if states.contains("succeeded") {
                PostForm.make(
                    action: path + "/jobs/" + jobId + "/rollback", token: token, .class("inline"),
                    confirm: "Set each succeeded territory back to its previous price?"
                ) {
                    element("button", .type("submit"), .class("danger")) { "Roll back" }
                }
            }
        }
    }
}
