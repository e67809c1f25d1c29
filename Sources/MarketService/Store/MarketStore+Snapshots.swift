import Foundation
import HubMessaging
import HubStore

extension MarketStore {
    /// How one chart fetch ended, as recorded.
    enum SnapshotOutcome: Equatable {
        case stored(complete: Bool)
        /// A complete snapshot of that day already exists and the new one is incomplete.
        case keptComplete
    }

    /// Records one chart of `day` and the apps it lists, in one transaction. A full answer is
    /// complete; a short one is complete when the chart's own history says it is short by nature
    /// (`MarketShortChartRule`); a faulty one never is. A later pass that day replaces the
    /// snapshot, except that an incomplete one never replaces a complete one: the day keeps its
    /// best evidence. Earlier snapshots are never re-marked.
    @discardableResult
    func recordSnapshot(
        _ chart: MarketChartQuery, day: String, entries: [MarketFeedEntry], answer: MarketFeedAnswer,
        expected: Int, problem: String?
    ) throws -> SnapshotOutcome {
        let at = now()
        let genre = chart.genre ?? ""
        return try db.transaction {
            var complete = answer == .full
            var problem = problem
            if answer == .short {
                let history = try recentLengths(chart, before: day)
                switch MarketShortChartRule.judge(count: entries.count, asked: expected, history: history) {
                case .shortByNature:
                    complete = true
                    problem = nil
                case .notEstablished:
                    break
                case .belowUsual(let median):
                    let usual = median == median.rounded() ? String(Int(median)) : String(median)
                    problem =
                        (problem.map { $0 + ", " } ?? "")
                        + "below \(MarketShortChartRule.minimumPercent)% of the chart's usual \(usual)"
                }
            }
            if let existing = try db.queryOne(
                """
                SELECT id, complete FROM snapshots WHERE storefront = ? AND chart = ? AND genre = ? AND day = ?
                """, [.text(chart.storefront), .text(chart.chart), .text(genre), .text(day)])
            {
                if existing.bool("complete") == true, !complete { return .keptComplete }
                try db.run("DELETE FROM snapshots WHERE id = ?", [existing["id"]])
            }
            for entry in entries { try upsertApp(entry, at: at) }
            try db.run(
                """
                INSERT INTO snapshots (storefront, chart, genre, day, complete, answer, entry_count, expected_count, problem,
                                       collected_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(chart.storefront), .text(chart.chart), .text(genre), .text(day), SQLValue(complete),
                    .text(answer.rawValue), .int(Int64(entries.count)), .int(Int64(expected)), SQLValue(problem), .text(at),
                ])
            let snapshotId = db.lastInsertRowID
            var seen = Set<String>()
            for (index, entry) in entries.enumerated() where seen.insert(entry.adamId).inserted {
                try db.run(
                    "INSERT INTO snapshot_entries (snapshot_id, rank, adam_id) VALUES (?, ?, ?)",
                    [.int(snapshotId), .int(Int64(index + 1)), .text(entry.adamId)])
            }
            return .stored(complete: complete)
        }
    }

    /// Entry counts of the chart's most recent well-formed answers (full or short) on the days
    /// of `MarketShortChartRule`'s window before `day`, newest first.
    func recentLengths(_ chart: MarketChartQuery, before day: String) throws -> [Int] {
        guard let first = MarketDay.adding(-MarketShortChartRule.windowDays, to: day) else { return [] }
        return try db.query(
            """
            SELECT entry_count FROM snapshots
            WHERE storefront = ? AND chart = ? AND genre = ? AND day >= ? AND day < ? AND answer <> 'faulty'
            ORDER BY day DESC LIMIT ?
            """,
            [
                .text(chart.storefront), .text(chart.chart), .text(chart.genre ?? ""), .text(first), .text(day),
                .int(Int64(MarketShortChartRule.previousDays)),
            ]
        ).compactMap { $0.int("entry_count") }
    }

    /// Inserts an app first seen now, or refreshes the facts the feed gave; a fact the feed
    /// left out keeps its recorded value rather than becoming empty.
    func upsertApp(_ e: MarketFeedEntry, at: String) throws {
        try db.run(
            """
            INSERT INTO apps (adam_id, slug, name, developer_name, developer_id, bundle_id, genre_id, genre_name, price, currency,
                              release_date, icon_url, store_url, description, first_seen_at, last_seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (adam_id) DO UPDATE SET
                name = excluded.name,
                developer_name = coalesce(excluded.developer_name, developer_name),
                developer_id = coalesce(excluded.developer_id, developer_id),
                bundle_id = coalesce(excluded.bundle_id, bundle_id),
                genre_id = coalesce(excluded.genre_id, genre_id),
                genre_name = coalesce(excluded.genre_name, genre_name),
                price = coalesce(excluded.price, price),
                currency = coalesce(excluded.currency, currency),
                release_date = coalesce(excluded.release_date, release_date),
                icon_url = coalesce(excluded.icon_url, icon_url),
                store_url = coalesce(excluded.store_url, store_url),
                description = coalesce(description, excluded.description),
                last_seen_at = excluded.last_seen_at
            """,
            [
                .text(e.adamId), .text(Self.slug(name: e.name, adamId: e.adamId)), .text(e.name), SQLValue(e.developerName),
                SQLValue(e.developerId), SQLValue(e.bundleId), SQLValue(e.genreId), SQLValue(e.genreName), SQLValue(e.price),
                SQLValue(e.currency), SQLValue(e.releaseDate), SQLValue(e.iconUrl), SQLValue(e.storeUrl),
                SQLValue(e.summary), .text(at), .text(at),
            ])
    }

    /// Apps never looked up, oldest first.
    func appsNeedingLookup(limit: Int) throws -> [String] {
        try db.query(
            "SELECT adam_id FROM apps WHERE looked_up_at IS NULL ORDER BY first_seen_at, adam_id LIMIT ?",
            [.int(Int64(limit))]
        ).compactMap { $0.string(0) }
    }

    /// Stores the facts of one lookup batch; `asked` apps the store did not describe are
    /// marked looked up too, with their facts left missing.
    func applyLookup(_ results: [MarketLookupResult], asked: [String]) throws {
        let at = now()
        try db.transaction {
            for r in results {
                try db.run(
                    """
                    UPDATE apps SET
                        bundle_id = coalesce(?, bundle_id), developer_name = coalesce(?, developer_name),
                        developer_id = coalesce(?, developer_id), genre_id = coalesce(?, genre_id),
                        genre_name = coalesce(?, genre_name), price = coalesce(?, price), currency = coalesce(?, currency),
                        release_date = coalesce(?, release_date), description = coalesce(?, description),
                        version = coalesce(?, version), size_bytes = coalesce(?, size_bytes),
                        content_rating = coalesce(?, content_rating), minimum_os = coalesce(?, minimum_os),
                        website_url = coalesce(?, website_url), rating = coalesce(?, rating),
                        rating_count = coalesce(?, rating_count), store_url = coalesce(?, store_url),
                        icon_url = coalesce(?, icon_url), looked_up_at = ?
                    WHERE adam_id = ?
                    """,
                    [
                        SQLValue(r.bundleId), SQLValue(r.developerName), SQLValue(r.developerId), SQLValue(r.genreId),
                        SQLValue(r.genreName), SQLValue(r.price), SQLValue(r.currency), SQLValue(r.releaseDate),
                        SQLValue(r.description), SQLValue(r.version), SQLValue(r.sizeBytes), SQLValue(r.contentRating),
                        SQLValue(r.minimumOS), SQLValue(r.websiteUrl), SQLValue(r.rating), SQLValue(r.ratingCount),
                        SQLValue(r.storeUrl), SQLValue(r.iconUrl), .text(at), .text(r.adamId),
                    ])
            }
            for id in asked {
                try db.run("UPDATE apps SET looked_up_at = ? WHERE adam_id = ? AND looked_up_at IS NULL", [.text(at), .text(id)])
            }
        }
    }
}
