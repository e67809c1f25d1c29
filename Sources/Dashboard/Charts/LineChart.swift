/// A line chart over dates, drawn by the hub as inline SVG (no script): one value per date,
/// oldest first, nil where nothing is known, which leaves a gap rather than a drop to zero. A
/// lone known point between gaps is drawn as a dot. With `invertedValueAxis` the smallest value
/// is at the top (ranks: #1 above #50). A pure function of its values; styled by the
/// dashboard's classes (`chart`, `chart-line`, `chart-grid`, `chart-tick`, `chart-dot`).
public struct LineChart: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public var date: String
        public var value: Double?
        public init(date: String, value: Double?) {
            self.date = date
            self.value = value
        }
    }

    public var points: [Point]
    /// The `<title>`: what is charted.
    public var title: String
    /// The `<desc>`: the same facts in words, for a screen reader.
    public var summary: String
    public var format: ChartValueFormat
    public var invertedValueAxis: Bool
    /// A prefix for the `<title>`/`<desc>` IDs, unique on the page.
    public var idPrefix: String

    public init(
        points: [Point], title: String, summary: String, format: ChartValueFormat = .number, invertedValueAxis: Bool = false,
        idPrefix: String = "chart"
    ) {
        self.points = points
        self.title = title
        self.summary = summary
        self.format = format
        self.invertedValueAxis = invertedValueAxis
        self.idPrefix = idPrefix
    }

    /// The chart with axes, ticks and labels.
    public func html() -> HTML {
        let geometry = LineChartGeometry(chart: self, size: .full)
        return svg(geometry, class: "chart") {
            for tick in geometry.valueTicks {
                element(
                    "line", .class("chart-grid"), Attribute("x1", n(geometry.plot.minX)), Attribute("x2", n(geometry.plot.maxX)),
                    Attribute("y1", n(tick.y)), Attribute("y2", n(tick.y)))
                element(
                    "text", .class("chart-tick"), Attribute("x", n(geometry.plot.minX - 6)), Attribute("y", n(tick.y + 4)),
                    Attribute("text-anchor", "end")
                ) { tick.label }
            }
            for tick in geometry.dateTicks {
                element(
                    "text", .class("chart-tick"), Attribute("x", n(tick.x)), Attribute("y", n(geometry.plot.maxY + 16)),
                    Attribute("text-anchor", tick.anchor)
                ) { tick.label }
            }
            element(
                "line", .class("chart-axis"), Attribute("x1", n(geometry.plot.minX)), Attribute("x2", n(geometry.plot.maxX)),
                Attribute("y1", n(geometry.plot.maxY)), Attribute("y2", n(geometry.plot.maxY)))
            marks(geometry)
        }
    }

    /// A small chart without axes, for a row or a card.
    public func sparkline() -> HTML {
        let geometry = LineChartGeometry(chart: self, size: .sparkline)
        return svg(geometry, class: "chart sparkline") { marks(geometry) }
    }

    @HTMLBuilder private func marks(_ geometry: LineChartGeometry) -> HTML {
        for run in geometry.runs {
            if run.count == 1 {
                element("circle", .class("chart-dot"), Attribute("cx", n(run[0].x)), Attribute("cy", n(run[0].y)), Attribute("r", "2.5"))
            } else {
                element("path", .class("chart-line"), Attribute("d", LineChartGeometry.path(run)))
            }
        }
    }

    private func svg(_ geometry: LineChartGeometry, class name: String, @HTMLBuilder content: () -> HTML) -> HTML {
        let titleId = idPrefix + "-title"
        let descId = idPrefix + "-desc"
        return element(
            "svg", .class(name), Attribute("viewBox", "0 0 \(n(geometry.width)) \(n(geometry.height))"), Attribute("role", "img"),
            Attribute("aria-labelledby", titleId + " " + descId),
            Attribute("xmlns", "http://www.w3.org/2000/svg")
        ) {
            element("title", .id(titleId)) { title }
            element("desc", .id(descId)) { summary }
            content()
        }
    }

    /// Coordinates with at most one decimal, so the markup stays short and stable.
    func n(_ value: Double) -> String { LineChartGeometry.number(value) }
}
