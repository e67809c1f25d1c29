/// What a chart feed answered, as recorded with its snapshot (`snapshots.answer`): the
/// evidence `MarketShortChartRule` reads from a chart's history.
enum MarketFeedAnswer: String, Sendable {
    /// 200 with as many valid entries as asked, each app once.
    case full
    /// 200 with valid entries, each app once, but fewer than asked (and at least one).
    case short
    /// Anything else: a failed call, a body that is not a feed, no entry, an entry without an
    /// ID or name, an app listed twice. Says nothing about the chart's length.
    case faulty
}
