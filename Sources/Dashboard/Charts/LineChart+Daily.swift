import Foundation
import HubRuntime

extension LineChart {
    /// One point a day from the oldest dated value to the newest (at most 365), nil on a day
    /// without one, so a day nothing was recorded is a gap rather than a guess.
    public static func daily(_ values: [(date: String, value: Double?)]) -> [Point] {
        let byDay = Dictionary(values.map { ($0.date, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let first = byDay.keys.min(), let last = byDay.keys.max(), let start = ISOTime.parse(first + "T00:00:00.000Z"),
            let end = ISOTime.parse(last + "T00:00:00.000Z")
        else { return [] }
        let days = min(365, Int((end.timeIntervalSince(start) / 86_400).rounded()) + 1)
        let from = end.addingTimeInterval(-86_400 * Double(days - 1))
        return (0..<days).map { offset in
            let day = String(ISOTime.format(from.addingTimeInterval(86_400 * Double(offset))).prefix(10))
            return Point(date: day, value: byDay[day] ?? nil)
        }
    }
}
