import Foundation
import HubStore

/// What candidates and competitors read: the app's cached public listing, the stored searches
/// that returned it, and the observations behind the latest ranks.
extension ASOStore {
    /// The listing fetched today for that app and country, if any.
    func listing(appStoreId: String, country: String) throws -> ITunesApp? {
        guard
            let row = try db.queryOne(
                "SELECT listing FROM app_listings WHERE app_store_id = ? AND country = ? AND day = ?",
                [.text(appStoreId), .text(country), .text(ASOStore.day(clock.now()))]),
            let text = row.string("listing")
        else { return nil }
        return try? JSONDecoder().decode(ITunesApp.self, from: Data(text.utf8))
    }

    /// Caches the listing for the day and records its rating as the day's observation.
    func saveListing(_ app: ITunesApp, country: String) throws {
        let json = String(decoding: try JSONEncoder().encode(app), as: UTF8.self)
        try db.transaction {
            try db.run(
                """
                INSERT INTO app_listings (app_store_id, country, day, fetched_at, listing) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (app_store_id, country) DO UPDATE SET day = excluded.day, fetched_at = excluded.fetched_at,
                    listing = excluded.listing
                """, [.text(String(app.trackId)), .text(country), .text(ASOStore.day(clock.now())), .text(now()), .text(json)])
            try recordRating(app, country: country)
        }
    }

    /// The most recent stored searches in `country` since `days` ago that returned the app, with its rank.
    func searchesReturning(appStoreId: String, country: String, days: Int = 30, limit: Int = 200) throws
        -> [(observation: ASOObservation, rank: Int)]
    {
        let since = ASOStore.day(clock.now().addingTimeInterval(-Double(days) * 86_400))
        return try db.query(
            """
            SELECT o.*, a.rank AS app_rank FROM observation_apps a JOIN observations o ON o.id = a.observation_id
            WHERE a.track_id = ? AND o.country = ? AND o.day >= ? ORDER BY o.day DESC, o.id DESC LIMIT ?
            """, [.text(appStoreId), .text(country), .text(since), .int(Int64(limit))]
        )
        .map { try (observation(from: $0), Int($0.integer("app_rank"))) }
    }

    /// The normalized terms the project tracks in `country`.
    func trackedTerms(projectId: String, country: String) throws -> Set<String> {
        Set(
            try db.query(
                "SELECT term FROM tracked_keywords WHERE project_id = ? AND country = ?",
                [.text(projectId), .text(country)]
            ).compactMap { $0.string("term") })
    }

    /// Each tracked keyword of the project (optionally one country) with the observation of its
    /// latest rank and that rank.
    func latestObservations(projectId: String, country: String?) throws
        -> [(keywordId: String, term: String, country: String, rank: Int?, observation: ASOObservation)]
    {
        var sql = """
            SELECT k.id AS keyword_id, k.term AS k_term, k.country AS k_country, r.rank AS r_rank, o.*
            FROM tracked_keywords k
            JOIN keyword_ranks r ON r.keyword_id = k.id AND r.day = (SELECT MAX(day) FROM keyword_ranks m WHERE m.keyword_id = k.id)
            JOIN observations o ON o.id = r.observation_id
            WHERE k.project_id = ?
            """
        var args: [SQLValue] = [.text(projectId)]
        if let country {
            sql += " AND k.country = ?"
            args.append(.text(country))
        }
        return try db.query(sql + " ORDER BY k.country, k.term", args).map {
            try ($0.text("keyword_id"), $0.text("k_term"), $0.text("k_country"), $0.int("r_rank"), observation(from: $0))
        }
    }
}
