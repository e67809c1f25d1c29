/// `GET /dashboard/explore/trending` and `/rising` (docs "Explore", charts): the latest complete
/// snapshot of a chart with its real date, or the moves between the two latest consecutive
/// complete daily snapshots, with the storefront, chart and genre pickers. Rising needs full
/// market access; without a comparison pair it says so rather than implying growth.
public struct ExploreChartPage: Sendable {
    public enum Mode: Sendable, Equatable {
        case trending
        /// `kind`: riser, faller or new.
        case rising(kind: String)
    }

    public var mode: Mode
    public var storefront: String
    public var chart: String
    public var genre: String?
    /// Trending: the snapshot's date; Rising: the later one.
    public var date: String?
    /// Rising: the earlier snapshot's date.
    public var fromDate: String?
    public var rows: [MarketAppRow]
    /// The plan does not open this view (Rising without full market access).
    public var planRequired: Bool
    /// The table already drawn for these rows (kept per chart answer); nil draws `rows`.
    public var drawnTable: HTML?
    public var problems: FormProblems

    public static let charts = [
        ("topfreeapplications", "Top free"), ("toppaidapplications", "Top paid"), ("topgrossingapplications", "Top grossing"),
    ]
    public static let kinds = [("riser", "Risers"), ("faller", "Fallers"), ("new", "New entries")]

    public init(
        mode: Mode, storefront: String, chart: String, genre: String?, date: String? = nil, fromDate: String? = nil,
        rows: [MarketAppRow] = [], planRequired: Bool = false, problems: FormProblems = .none
    ) {
        self.mode = mode
        self.storefront = storefront
        self.chart = chart
        self.genre = genre
        self.date = date
        self.fromDate = fromDate
        self.rows = rows
        self.planRequired = planRequired
        self.problems = problems
    }

    var isTrending: Bool { mode == .trending }
    var path: String { ExploreNav.base + (isTrending ? "/trending" : "/rising") }
    var chartName: String { Self.charts.first { $0.0 == chart }?.1 ?? chart }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        let title = isTrending ? "Trending" : "Rising"
        return PageShell.page(title: title + " · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("h1") { title }
            ExploreNav.html(current: isTrending ? .trending : .rising)
            pickers
            if planRequired {
                element("div", .class("panel empty")) {
                    element("p") { "Rising needs full market access, included in Studio." }
                    element("p", .class("small")) { "Trending shows the collected chart rankings on every plan." }
                }
            } else {
                dateLine
                drawnTable ?? table
            }
        }
    }

    var pickers: HTML {
        element("form", Attribute("method", "get"), Attribute("action", path), .class("panel filters row")) {
            LabeledField(id: "c-storefront", label: "Country", problems: problems["storefront"]).input(
                "storefront", type: "text", value: storefront, Attribute("maxlength", "2"), Attribute("size", "3"),
                Attribute("autocapitalize", "none"))
            LabeledField(id: "c-chart", label: "Chart", problems: problems["chart"]).select(
                "chart", options: Self.charts, selected: chart)
            LabeledField(id: "c-genre", label: "Genre ID", problems: problems["genre"]).input(
                "genre", type: "text", value: genre ?? "", Attribute("inputmode", "numeric"), Attribute("size", "6"),
                Attribute("placeholder", "All"))
            if case .rising(let kind) = mode {
                LabeledField(id: "c-kind", label: "Moves", problems: problems["kind"]).select("kind", options: Self.kinds, selected: kind)
            }
            element("div", .class("row")) { element("button", .type("submit")) { "Show" } }
        }
    }

    @HTMLBuilder var dateLine: HTML {
        if let date {
            element("p", .class("snapshot")) {
                if isTrending {
                    "Snapshot of "
                    element("time", Attribute("datetime", date)) { date }
                    " · \(chartName) · \(storefront.uppercased())" + (genre.map { " · genre \($0)" } ?? "")
                } else {
                    "Compared: "
                    element("time", Attribute("datetime", fromDate ?? "")) { fromDate ?? "—" }
                    " → "
                    element("time", Attribute("datetime", date)) { date }
                    " · \(chartName) · \(storefront.uppercased())"
                }
            }
        }
    }

    static func change(_ row: MarketAppRow) -> String {
        guard let rank = row.rank, let previous = row.previousRank else { return "—" }
        return previous > rank ? "▲ +\(previous - rank)" : previous < rank ? "▼ −\(rank - previous)" : "="
    }

    /// The rows' table (or what stands for it when there are none), to be kept and reused.
    public func tableHTML() -> HTML { table }

    @HTMLBuilder var table: HTML {
        if rows.isEmpty {
            element("div", .class("panel empty")) {
                if date == nil {
                    element("p") {
                        isTrending
                            ? "No complete snapshot of this chart has been collected yet."
                            : "No pair of consecutive complete daily snapshots yet: missing comparison data does not establish growth."
                    }
                } else {
                    element("p") { "No app in this view." }
                }
            }
        } else {
            element("div", .class("scroll-x")) {
                element("table", .class("list market")) {
                    element("thead") {
                        element("tr") {
                            element("th", .class("num")) { "Rank" }
                            if !isTrending { element("th", .class("num")) { "Was" } }
                            element("th") { "App" }
                            if isTrending {
                                element("th", .class("wide")) { "Released" }
                                element("th", .class("num")) { "Price" }
                            } else {
                                element("th", .class("num")) { "Change" }
                            }
                        }
                    }
                    element("tbody") {
                        for row in rows {
                            element("tr") {
                                element("td", .class("num")) { row.rank.map { "#\($0)" } ?? "—" }
                                if !isTrending {
                                    element("td", .class("num")) {
                                        if let previous = row.previousRank {
                                            "#\(previous)"
                                        } else {
                                            element("span", .class("badge")) { "New" }
                                        }
                                    }
                                }
                                row.nameCell
                                if isTrending {
                                    element("td", .class("wide")) { MarketAppRow.text(row.releaseDate) }
                                    element("td", .class("num")) { row.priceText }
                                } else {
                                    element("td", .class("num")) { Self.change(row) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
