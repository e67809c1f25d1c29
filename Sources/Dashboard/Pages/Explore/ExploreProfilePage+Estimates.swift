/// The profile's estimates (a table and the monthly sparklines) and its chart history.
extension ExploreProfilePage {
    var estimatesPanel: HTML {
        element("section", .class("panel"), .id("estimates"), Attribute("aria-labelledby", "estimates-title")) {
            element("h2", .id("estimates-title")) { "Estimates" }
            element("p", .class("small muted")) {
                "Estimates, not App Store Connect sales or RevenueCat metrics. Read each with its source, period and observation date."
            }
            if estimates.isEmpty {
                element("p", .class("muted")) { "No estimate recorded for this app." }
            } else {
                element("div", .class("sparklines row")) {
                    sparkline("Estimated downloads", metricLabel: "Estimated downloads")
                    sparkline("Estimated revenue (USD)", metricLabel: "Estimated revenue (USD)")
                }
                element("div", .class("scroll-x")) {
                    element("table", .class("list estimates")) {
                        element("thead") {
                            element("tr") {
                                element("th") { "Estimate" }
                                element("th", .class("num")) { "Value" }
                                element("th") { "Period" }
                                element("th", .class("wide")) { "Source" }
                                element("th", .class("wide")) { "Observed" }
                            }
                        }
                        element("tbody") {
                            for estimate in estimates {
                                element("tr") {
                                    element("td") { estimate.label }
                                    element("td", .class("num")) { estimate.figure }
                                    element("td") { estimate.periodStart + " – " + estimate.periodEnd }
                                    element("td", .class("wide")) { estimate.source + " · " + estimate.storefront.uppercased() }
                                    element("td", .class("wide")) { String(estimate.observedAt.prefix(10)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The monthly values of the newest estimate's source and storefront, oldest first: other
    /// sources and storefronts are not silently mixed in. Nothing when no value exists.
    func series(_ label: String) -> (points: [LineChart.Point], newest: MarketEstimateView)? {
        guard let newest = estimates.first(where: { $0.label == label }) else { return nil }
        let same = estimates.filter { $0.label == label && $0.source == newest.source && $0.storefront == newest.storefront }
        guard same.contains(where: { $0.value != nil }) else { return nil }
        return (same.reversed().map { LineChart.Point(date: $0.periodStart, value: $0.value) }, newest)
    }

    func sparkline(_ title: String, metricLabel: String) -> HTML {
        guard let (points, newest) = series(metricLabel) else { return .empty }
        let known = points.compactMap(\.value)
        let summary =
            "\(known.count) monthly values from \(newest.source) (\(newest.storefront.uppercased())), latest period \(newest.periodStart)."
        return element("figure", .class("spark")) {
            LineChart(
                points: points, title: title, summary: summary, format: newest.format,
                idPrefix: metricLabel.contains("revenue") ? "spark-revenue" : "spark-downloads"
            )
            .sparkline()
            element("figcaption", .class("small")) {
                title + ": "
                newest.figure
                element("span", .class("muted")) { " " + newest.periodStart + "–" + newest.periodEnd + " · " + newest.source }
            }
        }
    }

    var historyPanel: HTML {
        element("section", .class("panel"), .id("history"), Attribute("aria-labelledby", "history-title")) {
            element("h2", .id("history-title")) { "Chart history" }
            element("p", .class("small muted")) { "Top free apps, \(storefront.uppercased()), from complete daily snapshots." }
            if history.isEmpty {
                element("p", .class("muted")) { "This app is not in any collected snapshot of this chart." }
            } else {
                let points = LineChart.daily(history.map { ($0.date, Double($0.rank)) })
                let ranks = history.map(\.rank)
                let summary =
                    "Ranked on \(ranks.count) of \(points.count) days, best #\(ranks.min() ?? 0), worst #\(ranks.max() ?? 0); "
                    + "days without a rank are gaps."
                element("figure", .class("chart-box")) {
                    LineChart(
                        points: points, title: "Rank of \(app.name) in \(storefront.uppercased()) top free", summary: summary,
                        invertedValueAxis: true, idPrefix: "history-chart", valueFloor: 1
                    ).html()
                    element("figcaption", .class("small muted")) { "Rank by day (UTC); higher on the chart is better." }
                }
            }
        }
    }
}
