import XCTest

@testable import Dashboard

/// The hub's SVG line chart (`Sources/Dashboard/Charts`): a pure function of its values, with
/// unknown values drawn as gaps, an inverted axis for ranks, ticks, labels, and an accessible
/// name and description.
final class LineChartTests: XCTestCase {
    private func points(_ values: [Double?]) -> [LineChart.Point] {
        values.enumerated().map { LineChart.Point(date: String(format: "2026-11-%02d", $0.offset + 1), value: $0.element) }
    }

    private func chart(_ values: [Double?], inverted: Bool = false) -> LineChart {
        LineChart(
            points: points(values), title: "MRR", summary: "MRR over five days", format: .money(currency: "USD"),
            invertedValueAxis: inverted)
    }

    func testUnknownValuesBreakTheLineInsteadOfDroppingToZero() {
        // Given five days with the third unknown, and a lone known day between two unknown ones
        let geometry = LineChartGeometry(chart: chart([100, 120, nil, 110, 130]), size: .full)
        let lone = LineChartGeometry(chart: chart([100, nil, 105, nil, 90]), size: .full)
        // Then the line is two runs (days 1-2 and 4-5), never a point at zero for day 3
        XCTAssertEqual(geometry.runs.map(\.count), [2, 2])
        XCTAssertEqual(lone.runs.map(\.count), [1, 1, 1])
        // And the markup draws two paths, and a lone day as a dot
        let markup = chart([100, 120, nil, 110, 130]).html().markup
        XCTAssertEqual(markup.components(separatedBy: "<path class=\"chart-line\"").count - 1, 2)
        XCTAssertEqual(chart([100, nil, 105, nil, 90]).html().markup.components(separatedBy: "<circle class=\"chart-dot\"").count - 1, 3)
        // And x follows the day's position in the series, the gap keeping its place
        XCTAssertEqual(geometry.runs[1][0].x, geometry.plot.minX + 3.0 / 4.0 * (geometry.plot.maxX - geometry.plot.minX), accuracy: 0.001)
    }

    func testLargerValuesAreHigherUnlessTheAxisIsInvertedForRanks() {
        // Given the same values drawn normally and inverted (ranks: #1 is best)
        let normal = LineChartGeometry(chart: chart([1, 50]), size: .full)
        let inverted = LineChartGeometry(chart: chart([1, 50], inverted: true), size: .full)
        // Then SVG y grows downwards: normally 50 is above 1, inverted 1 is above 50
        XCTAssertLessThan(normal.runs[0][1].y, normal.runs[0][0].y)
        XCTAssertLessThan(inverted.runs[0][0].y, inverted.runs[0][1].y)
        // And the ticks run the same way
        XCTAssertLessThan(inverted.valueTicks.first!.y, inverted.valueTicks.last!.y)
        XCTAssertGreaterThan(normal.valueTicks.first!.y, normal.valueTicks.last!.y)
    }

    func testTicksAreRoundStepsCoveringTheValuesAndDatesAreLabelled() {
        // Given MRR between 1,234.5 and 1,980
        let geometry = LineChartGeometry(chart: chart([1_234.5, 1_500, 1_980]), size: .full)
        // Then the value ticks are round steps from below the least to above the most
        XCTAssertEqual(geometry.valueTicks.map(\.value), [1_200, 1_400, 1_600, 1_800, 2_000])
        XCTAssertEqual(geometry.valueTicks.first?.label, "USD 1200")
        // And the first, middle and last days are labelled, the ends kept inside the chart
        XCTAssertEqual(geometry.dateTicks.map(\.label), ["Nov 1", "Nov 2", "Nov 3"])
        XCTAssertEqual(geometry.dateTicks.map(\.anchor), ["start", "middle", "end"])
        // And a flat or empty series still has a range to draw in
        XCTAssertEqual(LineChartGeometry.scale([5, 5]).ticks.count > 1, true)
        XCTAssertEqual(LineChartGeometry(chart: chart([nil, nil]), size: .full).runs.count, 0)
    }

    func testTheChartIsNamedAndDescribedForScreenReadersAndEscapesText() {
        // Given a title and description holding markup
        let drawn = LineChart(
            points: points([1, 2]), title: "<b>MRR</b>", summary: "from 1 & 2", idPrefix: "mrr-chart"
        ).html().markup
        // Then the svg is an image labelled by its title and desc, both escaped
        XCTAssertTrue(drawn.hasPrefix("<svg class=\"chart\""))
        XCTAssertTrue(drawn.contains("role=\"img\""))
        XCTAssertTrue(drawn.contains("aria-labelledby=\"mrr-chart-title mrr-chart-desc\""))
        XCTAssertTrue(drawn.contains("<title id=\"mrr-chart-title\">&lt;b&gt;MRR&lt;/b&gt;</title>"))
        XCTAssertTrue(drawn.contains("<desc id=\"mrr-chart-desc\">from 1 &amp; 2</desc>"))
        // And nothing in it is an inline style (the pages' CSP is style-src 'self')
        XCTAssertFalse(drawn.contains("style="))
    }

    func testTheSparklineHasNoAxesAndTheSameGaps() {
        let spark = chart([3, nil, 4, 5]).sparkline().markup
        XCTAssertTrue(spark.contains("class=\"chart sparkline\""))
        XCTAssertFalse(spark.contains("chart-tick"))
        XCTAssertFalse(spark.contains("chart-grid"))
        XCTAssertEqual(spark.components(separatedBy: "<circle").count - 1, 1)
        XCTAssertEqual(spark.components(separatedBy: "<path").count - 1, 1)
        // And drawing twice gives the same markup: a pure function of the values
        XCTAssertEqual(spark, chart([3, nil, 4, 5]).sparkline().markup)
    }
}
