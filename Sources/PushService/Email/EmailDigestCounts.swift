/// What the daily digest says about one app: its new conversations and reports.
struct EmailDigestCounts: Equatable, Sendable {
    var conversations = 0
    var reports = 0

    var isEmpty: Bool { conversations == 0 && reports == 0 }
}
