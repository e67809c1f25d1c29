import Foundation
import HubMessaging

/// AppTracker's event rules, as pure functions over recorded observations so each threshold
/// edge can be checked on its own.
enum MarketTrackerRules {
    /// Top-N tiers an entry is reported for, tightest first.
    static let tiers = [10, 50, 100]
    /// Positions an app must move between consecutive daily observations to be reported.
    static let minimumMove = 5
    /// Percent an estimated-download figure must grow by between two observations.
    static let minimumDownloadRise = 40.0

    /// Ranking events of one app in one chart from day `previousDay` to `day`, the next UTC
    /// day, both complete snapshots. A nil rank means absent from that complete snapshot,
    /// which is evidence the app was outside the chart.
    static func rankingEvents(previous: Int?, current: Int?) -> [MarketTrackerEvent.Kind] {
        guard let current else { return [] }
        var out: [MarketTrackerEvent.Kind] = []
        if let tier = tiers.first(where: { current <= $0 && (previous ?? Int.max) > $0 }) {
            out.append(tier == 10 ? .top10 : tier == 50 ? .top50 : .top100)
        }
        if let previous {
            if previous - current >= minimumMove { out.append(.rise) }
            if current - previous >= minimumMove { out.append(.fall) }
        }
        return out
    }

    /// Whether `later` is a rise of at least 40% over `earlier`: both must exist and the
    /// earlier one must be positive. Decreases are never reported.
    static func isDownloadRise(earlier: Double?, later: Double?) -> Bool {
        guard let earlier, let later, earlier > 0 else { return false }
        return later * 100 >= earlier * (100 + minimumDownloadRise)
    }
}
