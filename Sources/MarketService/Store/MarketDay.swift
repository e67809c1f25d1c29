import Foundation
import HubRuntime

/// UTC calendar days as `YYYY-MM-DD` text, the key of daily snapshots.
enum MarketDay {
    static func of(_ date: Date) -> String { String(ISOTime.format(date).prefix(10)) }

    static func date(_ day: String) -> Date? { ISOTime.parse(day + "T00:00:00.000Z") }

    /// The day `offset` days after `day` (negative: before).
    static func adding(_ offset: Int, to day: String) -> String? {
        date(day).map { of($0.addingTimeInterval(TimeInterval(offset) * 86_400)) }
    }
}
