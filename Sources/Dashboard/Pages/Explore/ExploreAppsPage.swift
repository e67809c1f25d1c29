/// `GET /dashboard/explore/apps` (docs "Explore", find apps): the catalog searched with the
/// filters and sorts of the operator API (a GET form, no script), a results table and pages by
/// offset. Estimate filters and sorts need full market access; a refused filter redraws the
/// form with why.
public struct ExploreAppsPage: Sendable {
    /// The query as typed, every field as text.
    public struct Filters: Sendable, Equatable {
        public var values: [String: String]
        public init(_ values: [String: String] = [:]) { self.values = values }
        public subscript(_ name: String) -> String? { values[name].flatMap { $0.isEmpty ? nil : $0 } }
        var isEmpty: Bool { values.values.allSatisfy(\.isEmpty) }
        /// The query string of these filters at another offset.
        func query(offset: Int) -> String {
            ExploreNav.query(ExploreAppsPage.fieldNames.map { ($0, self[$0]) } + [("offset", offset > 0 ? String(offset) : nil)])
        }
    }

    public static let fieldNames = [
        "query", "genre", "storefront", "chart", "minRating", "releasedAfter", "releasedBefore", "minDownloads", "minRevenue", "hasAds",
        "flowType", "sort",
    ]
    public static let sorts = [
        ("recent", "Recently seen"), ("rating", "Rating"), ("downloads", "Downloads"), ("revenue", "Revenue"), ("name", "Name"),
    ]

    public var filters: Filters
    public var rows: [MarketAppRow]
    public var offset: Int
    public var nextOffset: Int?
    public var fullAccess: Bool
    public var problems: FormProblems

    public init(
        filters: Filters, rows: [MarketAppRow] = [], offset: Int = 0, nextOffset: Int? = nil, fullAccess: Bool,
        problems: FormProblems = .none
    ) {
        self.filters = filters
        self.rows = rows
        self.offset = offset
        self.nextOffset = nextOffset
        self.fullAccess = fullAccess
        self.problems = problems
    }

    static let path = ExploreNav.base + "/apps"

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Apps · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("h1") { "Explore apps" }
            ExploreNav.html(current: .apps)
            form
            if problems.isEmpty { results }
        }
    }

    func field(_ id: String, _ label: String, _ name: String, type: String = "text", _ extra: Attribute...) -> HTML {
        LabeledField(id: "a-" + id, label: label, problems: problems[name]).input(name, type: type, value: filters[name], attributes: extra)
    }

    var form: HTML {
        element("form", Attribute("method", "get"), Attribute("action", Self.path), .class("panel filters row")) {
            field("query", "Search", "query", type: "search", Attribute("maxlength", "120"))
            field("genre", "Genre ID", "genre", Attribute("inputmode", "numeric"), Attribute("size", "6"))
            field("storefront", "Country", "storefront", Attribute("maxlength", "2"), Attribute("size", "3"))
            LabeledField(id: "a-chart", label: "In chart", problems: problems["chart"]).select(
                "chart", options: [("", "Any")] + ExploreChartPage.charts, selected: filters["chart"] ?? "")
            field(
                "minRating", "Min. rating", "minRating", type: "number", Attribute("min", "0"), Attribute("max", "5"),
                Attribute("step", "0.1"))
            field("releasedAfter", "Released after", "releasedAfter", type: "date")
            field("releasedBefore", "Released before", "releasedBefore", type: "date")
            if fullAccess {
                field("minDownloads", "Min. downloads", "minDownloads", type: "number", Attribute("min", "0"))
                field("minRevenue", "Min. revenue (USD)", "minRevenue", type: "number", Attribute("min", "0"))
                LabeledField(id: "a-hasAds", label: "Ads", problems: problems["hasAds"]).select(
                    "hasAds", options: [("", "Any"), ("true", "With ads"), ("false", "Without ads")], selected: filters["hasAds"] ?? "")
                LabeledField(id: "a-flowType", label: "Flows", problems: problems["flowType"]).select(
                    "flowType", options: [("", "Any"), ("onboarding", "Onboarding"), ("paywall", "Paywall")],
                    selected: filters["flowType"] ?? "")
            }
            LabeledField(id: "a-sort", label: "Sort", problems: problems["sort"]).select(
                "sort", options: fullAccess ? Self.sorts : Self.sorts.filter { $0.0 != "downloads" && $0.0 != "revenue" },
                selected: filters["sort"] ?? "recent")
            element("div", .class("row")) {
                element("button", .type("submit"), .class("primary")) { "Search" }
                if !filters.isEmpty { element("a", .class("button"), .href(Self.path)) { "Clear" } }
            }
            if !fullAccess {
                element("p", .class("small muted wide-line")) { "Download and revenue filters and sorts need full market access (Studio)." }
            }
        }
    }

    @HTMLBuilder var results: HTML {
        if rows.isEmpty {
            element("div", .class("panel empty")) { element("p") { offset > 0 ? "No more apps." : "No app matches these filters." } }
        } else {
            element("div", .class("scroll-x")) {
                element("table", .class("list market")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "App" }
                            element("th", .class("num")) { "Rating" }
                            element("th", .class("wide")) { "Released" }
                            element("th", .class("num")) { "Price" }
                            element("th", .class("num")) { "Est. downloads" }
                            element("th", .class("num wide")) { "Est. revenue (USD)" }
                        }
                    }
                    element("tbody") {
                        for row in rows {
                            element("tr") {
                                row.nameCell
                                element("td", .class("num")) { row.ratingText }
                                element("td", .class("wide")) { MarketAppRow.text(row.releaseDate) }
                                element("td", .class("num")) { row.priceText }
                                element("td", .class("num")) { MarketEstimateView.cell(row.downloads) }
                                element("td", .class("num wide")) { MarketEstimateView.cell(row.revenue) }
                            }
                        }
                    }
                }
            }
            element("nav", .class("row pager"), .label("Pages")) {
                if offset > 0 {
                    element("a", .class("button"), .href(Self.path + filters.query(offset: max(0, offset - 25)))) { "← Previous" }
                }
                element("span", .class("small muted")) { "Apps \(offset + 1)–\(offset + rows.count)" }
                if let nextOffset { element("a", .class("button"), .href(Self.path + filters.query(offset: nextOffset))) { "Next →" } }
            }
        }
    }
}
