/// Where a `LineChart`'s marks, ticks and labels go in its SVG coordinates: pure arithmetic on
/// the values, kept apart from the markup so it can be checked on its own.
struct LineChartGeometry: Equatable {
    struct Position: Equatable {
        var x: Double
        var y: Double
    }
    struct Rect: Equatable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double
    }
    struct ValueTick: Equatable {
        var y: Double
        var value: Double
        var label: String
    }
    struct DateTick: Equatable {
        var x: Double
        var label: String
        /// `start`, `middle` or `end`, so the first and last labels stay inside.
        var anchor: String
    }
    enum Size {
        case full
        case sparkline
    }

    let width: Double
    let height: Double
    let plot: Rect
    /// The known points, in runs broken by unknown ones.
    let runs: [[Position]]
    let valueTicks: [ValueTick]
    let dateTicks: [DateTick]

    init(chart: LineChart, size: Size) {
        switch size {
        case .full:
            // Small enough that 12-unit labels stay readable in a narrow panel.
            width = 400
            height = 170
            plot = Rect(minX: 58, minY: 10, maxX: 390, maxY: 146)
        case .sparkline:
            width = 120
            height = 32
            plot = Rect(minX: 2, minY: 3, maxX: 118, maxY: 29)
        }
        let known = chart.points.compactMap(\.value)
        let scale = Self.scale(known)
        let ticks = size == .full ? scale.ticks : []
        let (low, high) = (scale.low, scale.high)
        let plot = self.plot
        let inverted = chart.invertedValueAxis
        func y(_ value: Double) -> Double {
            let share = high > low ? (value - low) / (high - low) : 0.5
            return inverted ? plot.minY + share * (plot.maxY - plot.minY) : plot.maxY - share * (plot.maxY - plot.minY)
        }
        let count = chart.points.count
        func x(_ index: Int) -> Double {
            count > 1 ? plot.minX + Double(index) / Double(count - 1) * (plot.maxX - plot.minX) : (plot.minX + plot.maxX) / 2
        }
        var runs: [[Position]] = []
        var current: [Position] = []
        for (index, point) in chart.points.enumerated() {
            if let value = point.value {
                current.append(Position(x: x(index), y: y(value)))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        self.runs = runs
        valueTicks = ticks.map { ValueTick(y: y($0), value: $0, label: chart.format.label($0)) }
        var dates: [DateTick] = []
        if size == .full, count > 0 {
            let picks = count == 1 ? [0] : count == 2 ? [0, 1] : [0, (count - 1) / 2, count - 1]
            for (i, index) in picks.enumerated() {
                let anchor = count == 1 ? "middle" : i == 0 ? "start" : i == picks.count - 1 ? "end" : "middle"
                dates.append(DateTick(x: x(index), label: Self.dayLabel(chart.points[index].date), anchor: anchor))
            }
        }
        dateTicks = dates
    }

    /// The value range drawn and its ticks: round steps (1, 2 or 5 × 10ⁿ) covering the known
    /// values, about four of them; a flat or empty series still gets a range.
    static func scale(_ values: [Double]) -> (low: Double, high: Double, ticks: [Double]) {
        guard var low = values.min(), var high = values.max() else { return (0, 1, [0, 1]) }
        if low == high {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        let rough = (high - low) / 4
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        let first = (low / step).rounded(.down) * step
        let last = (high / step).rounded(.up) * step
        var ticks: [Double] = []
        var tick = first
        while tick <= last + step / 2, ticks.count < 12 {
            ticks.append(abs(tick) < step / 1e6 ? 0 : tick)
            tick += step
        }
        return (first, last, ticks)
    }

    /// `2026-11-02` → `Nov 2`.
    static func dayLabel(_ date: String) -> String {
        let parts = date.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else { return date }
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return names[month - 1] + " " + String(day)
    }

    static func path(_ run: [Position]) -> String {
        run.enumerated().map { ($0.offset == 0 ? "M" : "L") + number($0.element.x) + " " + number($0.element.y) }.joined(separator: " ")
    }

    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths.rounded() == tenths ? String(Int(tenths)) : String(tenths)
    }
}
