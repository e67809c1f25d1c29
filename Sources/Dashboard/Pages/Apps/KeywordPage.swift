/// `GET /dashboard/apps/{id}/keywords/{keywordId}`: one tracked term's rank history, drawn as a
/// line chart with the rank axis inverted (#1 at the top) and a gap for every day without a
/// rank (nothing observed, or observed without the app), and the observations as a table.
public struct KeywordPage: Sendable {
    public struct Observation: Sendable, Equatable {
        public var date: String
        public var observedAt: String
        /// nil: observed, the app absent from the results.
        public var rank: Int?
        public init(date: String, observedAt: String, rank: Int?) {
            self.date = date
            self.observedAt = observedAt
            self.rank = rank
        }
    }

    public var projectId: String
    public var appName: String
    public var keyword: KeywordsPage.Keyword
    /// Newest first, as stored.
    public var observations: [Observation]
    /// Every day from the first observation to the last, oldest first, nil without a rank.
    public var series: [LineChart.Point]

    public init(projectId: String, appName: String, keyword: KeywordsPage.Keyword, observations: [Observation], series: [LineChart.Point]) {
        self.projectId = projectId
        self.appName = appName
        self.keyword = keyword
        self.observations = observations
        self.series = series
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        let title = keyword.term + " (" + keyword.country.uppercased() + ")"
        return PageShell.page(title: title + " · " + appName, section: .apps, viewer: viewer) {
            element("nav", .class("small"), .label("Breadcrumb")) {
                element("a", .href("/dashboard/apps/" + projectId + "/keywords")) { "← Keywords of " + appName }
            }
            element("div", .class("topline")) {
                element("h1") { title }
                element("div", .class("row")) {
                    keyword.rank.html
                    keyword.rank.changeHTML
                }
            }
            element("section", .class("panel"), .id("history"), Attribute("aria-labelledby", "history-title")) {
                element("h2", .id("history-title")) { "Rank history" }
                if series.allSatisfy({ $0.value == nil }) {
                    element("p", .class("muted")) {
                        observations.isEmpty
                            ? "No observation yet: the keywords job collects ranks on its schedule, so adding a term does not give an immediate rank."
                            : "Observed, but the app was never in the returned results."
                    }
                } else {
                    chart
                }
                if !observations.isEmpty { table }
            }
        }
    }

    var chart: HTML {
        let ranks = series.compactMap(\.value)
        let summary =
            "Rank on \(ranks.count) of \(series.count) days, best #\(Int(ranks.min() ?? 0)), worst #\(Int(ranks.max() ?? 0)); "
            + "days without a rank are gaps."
        return element("figure", .class("chart-box")) {
            LineChart(
                points: series, title: "Rank of “\(keyword.term)” in \(keyword.country.uppercased())", summary: summary,
                invertedValueAxis: true, idPrefix: "rank-chart", valueFloor: 1
            ).html()
            element("figcaption", .class("small muted")) { "Rank by day (UTC); higher on the chart is better." }
        }
    }

    var table: HTML {
        element("table", .class("list observations")) {
            element("thead") {
                element("tr") {
                    element("th") { "Day" }
                    element("th", .class("num")) { "Rank" }
                    element("th", .class("wide")) { "Observed" }
                }
            }
            element("tbody") {
                for observation in observations.prefix(90) {
                    element("tr") {
                        element("td") { observation.date }
                        element("td", .class("num")) {
                            if let rank = observation.rank {
                                "#" + String(rank)
                            } else {
                                element("span", .class("badge warn")) { "Not in results" }
                            }
                        }
                        element("td", .class("wide small muted")) { TimeText.html(observation.observedAt) }
                    }
                }
            }
        }
    }
}
