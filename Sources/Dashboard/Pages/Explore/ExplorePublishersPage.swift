/// `GET /dashboard/explore/publishers` (docs "Explore", publishers): studios grouped from the
/// catalog, searched by name and filtered by genre, app count and recent launches (estimate
/// filters and sorts with full market access); limited plans see three studios by app count.
public struct ExplorePublishersPage: Sendable {
    public struct Studio: Sendable, Equatable {
        public var key: String
        public var name: String
        public var appCount: Int
        public var mainGenre: String?
        public var launches90: Int
        public var isNew: Bool
        public var revenue: Double?
        public var downloads: Double?
        public var appsMakingMoney: Int?
        public init(key: String, name: String, appCount: Int, mainGenre: String?, launches90: Int, isNew: Bool) {
            self.key = key
            self.name = name
            self.appCount = appCount
            self.mainGenre = mainGenre
            self.launches90 = launches90
            self.isNew = isNew
        }

        /// Keys are developer IDs or normalized names, so they travel in the query, not the path.
        var href: String { ExplorePublishersPage.path + "/studio" + ExploreNav.query([("key", key)]) }
    }

    public static let path = ExploreNav.base + "/publishers"
    public static let fieldNames = ["query", "genre", "minApps", "launchedRecently", "newOnly", "minRevenue", "minDownloads", "sort"]

    public var filters: ExploreAppsPage.Filters
    public var studios: [Studio]
    public var limited: Bool
    public var fullAccess: Bool
    public var problems: FormProblems

    public init(
        filters: ExploreAppsPage.Filters, studios: [Studio] = [], limited: Bool = false, fullAccess: Bool, problems: FormProblems = .none
    ) {
        self.filters = filters
        self.studios = studios
        self.limited = limited
        self.fullAccess = fullAccess
        self.problems = problems
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Publishers · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("h1") { "Publishers" }
            ExploreNav.html(current: .publishers)
            form
            if limited {
                element("p", .class("flash info"), Attribute("role", "status")) {
                    "This plan shows up to three matching studios, by app count, with estimates locked. Studio shows the full list."
                }
            }
            if problems.isEmpty { Self.table(studios, fullAccess: fullAccess) }
        }
    }

    var form: HTML {
        element("form", Attribute("method", "get"), Attribute("action", Self.path), .class("panel filters row")) {
            LabeledField(id: "p-query", label: "Studio", problems: problems["query"]).input(
                "query", type: "search", value: filters["query"], Attribute("maxlength", "120"))
            LabeledField(id: "p-genre", label: "Genre ID", problems: problems["genre"]).input(
                "genre", type: "text", value: filters["genre"], Attribute("size", "6"), Attribute("inputmode", "numeric"))
            LabeledField(id: "p-minApps", label: "Min. apps", problems: problems["minApps"]).input(
                "minApps", type: "number", value: filters["minApps"], Attribute("min", "1"))
            LabeledField(id: "p-recent", label: "Launches", problems: problems["launchedRecently"]).select(
                "launchedRecently", options: [("", "Any"), ("true", "In the last 90 days")], selected: filters["launchedRecently"] ?? "")
            LabeledField(id: "p-new", label: "New studios", problems: problems["newOnly"]).select(
                "newOnly", options: [("", "Any"), ("true", "Every app in the last 90 days")], selected: filters["newOnly"] ?? "")
            if fullAccess {
                LabeledField(id: "p-minRevenue", label: "Min. revenue (USD)", problems: problems["minRevenue"]).input(
                    "minRevenue", type: "number", value: filters["minRevenue"], Attribute("min", "0"))
                LabeledField(id: "p-sort", label: "Sort", problems: problems["sort"]).select(
                    "sort", options: [("revenue", "Revenue"), ("downloads", "Downloads"), ("apps", "App count"), ("growth", "Growth")],
                    selected: filters["sort"] ?? "revenue")
            }
            element("div", .class("row")) { element("button", .type("submit"), .class("primary")) { "Search" } }
        }
    }

    static func money(_ value: Double?) -> HTML {
        value.map { HTML.text(ChartValueFormat.money(currency: "USD").full($0)) } ?? MarketAppRow.dash
    }

    static func table(_ studios: [Studio], fullAccess: Bool) -> HTML {
        guard !studios.isEmpty else { return element("div", .class("panel empty")) { element("p") { "No studio matches." } } }
        return element("div", .class("scroll-x")) {
            element("table", .class("list market")) {
                element("thead") {
                    element("tr") {
                        element("th", .class("num")) { "#" }
                        element("th") { "Studio" }
                        element("th", .class("num")) { "Apps" }
                        element("th", .class("num wide")) { "Launches (90 d)" }
                        if fullAccess {
                            element("th", .class("num")) { "Est. revenue / mo" }
                            element("th", .class("num wide")) { "Est. downloads / mo" }
                        }
                    }
                }
                element("tbody") {
                    for (index, studio) in studios.enumerated() {
                        element("tr") {
                            element("td", .class("num")) { String(index + 1) }
                            element("td") {
                                element("a", .href(studio.href)) { studio.name }
                                if studio.isNew { element("span", .class("badge")) { "New studio" } }
                                element("div", .class("small muted")) { studio.mainGenre ?? "" }
                            }
                            element("td", .class("num")) { String(studio.appCount) }
                            element("td", .class("num wide")) { String(studio.launches90) }
                            if fullAccess {
                                element("td", .class("num")) { money(studio.revenue) }
                                element("td", .class("num wide")) {
                                    studio.downloads.map { HTML.text(ChartValueFormat.number.full($0)) } ?? MarketAppRow.dash
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
