import Foundation
import HubDaemon
import HubMessaging
import HubRuntime

/// One collection pass: every configured storefront × chart × (overall + genres) from the
/// legacy RSS JSON feed, one snapshot each for today's UTC day, then `/lookup` for apps
/// never described.
///
/// A snapshot is complete (compared by trending, rising and the tracker) when the feed
/// answered 200 with as many valid entries as were asked, each app once (`full`). A 200 with
/// valid entries, each app once, but fewer than asked (`short`) is complete only when the
/// chart is short by nature (`MarketShortChartRule`): on each of its 3 most recent days with a
/// well-formed answer within the 7 days before, it answered fewer entries than now asked, and
/// this answer holds at least 90% of the median of those 3 days' counts. A sudden drop from a
/// full chart, a first short week, or an answer well below the chart's usual length stays
/// incomplete, as does anything `faulty`. A decision is made once, when the snapshot is
/// recorded; earlier short snapshots are not re-marked when the pattern is established. The
/// rule and its reasons: `docs/market-snapshots.md`.
public final class MarketCollector: @unchecked Sendable {
    public struct Settings: Sendable {
        public var storefronts: [String]
        public var charts: [String]
        public var genres: [String]
        public var limit: Int

        public init(storefronts: [String], charts: [String], genres: [String], limit: Int) {
            self.storefronts = storefronts
            self.charts = charts
            self.genres = genres
            self.limit = limit
        }

        public init(config: HubConfig) {
            self.init(
                storefronts: config.marketStorefronts, charts: config.marketCharts,
                genres: config.marketGenres, limit: config.marketChartLimit)
        }

        /// Every chart a pass collects, overall first.
        var queries: [MarketChartQuery] {
            storefronts.flatMap { cc in
                charts.flatMap { chart in
                    ([nil] + genres.map { Optional($0) }).map { MarketChartQuery(storefront: cc, chart: chart, genre: $0) }
                }
            }
        }
    }

    let store: MarketStore
    let provider: MarketProviderClient
    let settings: Settings
    let logger: Logger

    init(store: MarketStore, provider: MarketProviderClient, settings: Settings, logger: Logger) {
        self.store = store
        self.provider = provider
        self.settings = settings
        self.logger = logger
    }

    /// Runs one pass; the number of snapshots recorded.
    public func runPass() throws -> Int {
        let day = store.today()
        var recorded = 0
        var incomplete = 0
        var seenIn: [String: String] = [:]
        for query in settings.queries {
            let (entries, answer, problem) = fetch(query)
            for entry in entries where seenIn[entry.adamId] == nil { seenIn[entry.adamId] = query.storefront }
            if case .stored(let complete) = try store.recordSnapshot(
                query, day: day, entries: entries, answer: answer,
                expected: settings.limit, problem: problem)
            {
                recorded += 1
                if !complete { incomplete += 1 }
            }
        }
        let described = try lookUpNewApps(seenIn: seenIn, fallback: settings.storefronts.first ?? "us")
        logger.info("market pass", ["day": day, "snapshots": recorded, "incomplete": incomplete, "looked_up": described])
        return recorded
    }

    static func feedPath(_ q: MarketChartQuery, limit: Int) -> String {
        "/\(q.storefront)/rss/\(q.chart)/limit=\(limit)" + (q.genre.map { "/genre=\($0)" } ?? "") + "/json"
    }

    /// The entries of one chart, what kind of answer they make, and what was wrong with it.
    func fetch(_ query: MarketChartQuery) -> ([MarketFeedEntry], MarketFeedAnswer, String?) {
        switch provider.get(Self.feedPath(query, limit: settings.limit)) {
        case .failed(_, let reason):
            return ([], .faulty, reason)
        case .ok(let body):
            guard let parsed = try? MarketFeedParser.parse(body) else { return ([], .faulty, "feed body is not a chart feed") }
            let entries = Array(parsed.entries.prefix(settings.limit))
            if !parsed.hadEntries { return ([], .faulty, "feed has no entry") }
            if parsed.invalidEntries > 0 { return (entries, .faulty, "\(parsed.invalidEntries) entries without an ID or name") }
            if Set(entries.map(\.adamId)).count < entries.count { return (entries, .faulty, "an app listed twice") }
            if entries.isEmpty { return ([], .faulty, "feed has no entry") }
            if entries.count < settings.limit { return (entries, .short, "\(entries.count) of \(settings.limit) entries") }
            return (entries, .full, nil)
        }
    }

    /// Looks up apps never described, in batches per storefront (an app is asked about in the
    /// storefront this pass saw it in, since a lookup only answers for its own storefront);
    /// the number of apps asked about.
    func lookUpNewApps(seenIn: [String: String], fallback: String) throws -> Int {
        let pending = try store.appsNeedingLookup(limit: MarketProtocol.lookupsPerPass)
        var byCountry: [String: [String]] = [:]
        for id in pending { byCountry[seenIn[id] ?? fallback, default: []].append(id) }
        var asked = 0
        for country in byCountry.keys.sorted() {
            let ids = byCountry[country]!
            var start = 0
            while start < ids.count {
                let batch = Array(ids[start..<min(start + MarketProtocol.lookupBatch, ids.count)])
                start += batch.count
                guard case .ok(let body) = provider.get("/lookup?id=\(batch.joined(separator: ","))&country=\(country)&entity=software"),
                    let results = MarketLookupResult.parse(body)
                else {
                    // The provider is unwell: leave the rest for the next pass.
                    return asked
                }
                try store.applyLookup(results, asked: batch)
                asked += batch.count
            }
        }
        return asked
    }
}
