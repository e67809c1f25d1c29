import Foundation

/// When a short answer (`MarketFeedAnswer.short`) is a chart's nature rather than an accident:
/// the chart answered fewer entries than now asked on each of its `previousDays` most recent
/// days with a well-formed answer (full or short) within the `windowDays` before the day, and
/// this answer holds at least `minimumPercent` of the median of those days' entry counts.
/// Too few such days, one among them that answered as many as now asked (the short answer is
/// then a sudden drop), or an answer well below the usual length keeps it incomplete.
/// `docs/market-snapshots.md` explains the choice of numbers.
enum MarketShortChartRule {
    /// Distinct earlier days that must have answered short.
    static let previousDays = 3
    /// How far back those days may lie: the seven days before the snapshot's day.
    static let windowDays = 7
    /// The least share, in percent, of the chart's usual (median) length a short answer may hold.
    static let minimumPercent = 90

    enum Verdict: Equatable {
        /// Comparable: the snapshot counts as complete.
        case shortByNature
        /// Fewer than `previousDays` earlier short days in the window, or a full one among them.
        case notEstablished
        /// The pattern holds, but this answer is well below the chart's usual length.
        case belowUsual(median: Double)
    }

    /// `count` entries answered of `asked`; `history`: the entry counts of the chart's most recent
    /// well-formed answers on earlier days within the window, newest first, one per day (at most
    /// `previousDays` are read).
    static func judge(count: Int, asked: Int, history: [Int]) -> Verdict {
        let recent = Array(history.prefix(previousDays))
        guard recent.count == previousDays, recent.allSatisfy({ $0 < asked }) else { return .notEstablished }
        let sorted = recent.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
        // In whole numbers and halves, exact in Double: 90 of a median of 100 passes, 89 does not.
        return Double(count) * 100 >= median * Double(minimumPercent) ? .shortByNature : .belowUsual(median: median)
    }
}
