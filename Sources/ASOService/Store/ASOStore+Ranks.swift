import Foundation

/// Rank history: what the collector writes from observations.
extension ASOStore {
    /// Every (term, country) tracked by some project, each once.
    public func trackedTerms() throws -> [(term: String, country: String)] {
        try db.query("SELECT DISTINCT term, country FROM tracked_keywords ORDER BY country, term")
            .map { try ($0.text("term"), $0.text("country")) }
    }

    /// Writes, for every keyword tracking the observation's term and country, the app's
    /// position in it (null when absent) for the observation's day, in one transaction.
    /// Positions come from `observation_apps`, so the stored result list is not decoded.
    /// Returns how many keywords got a rank row.
    @discardableResult
    public func recordRanks(from observation: ASOObservation) throws -> Int {
        try recordRanks(
            observationId: observation.id, term: observation.term, country: observation.country,
            day: observation.day, observedAt: observation.observedAt)
    }

    @discardableResult
    func recordRanks(observationId: Int64, term: String, country: String, day: String, observedAt: String) throws -> Int {
        try db.transaction {
            try db.run(
                """
                INSERT INTO keyword_ranks (keyword_id, day, observed_at, rank, observation_id)
                SELECT k.id, ?, ?, (SELECT MIN(a.rank) FROM observation_apps a WHERE a.observation_id = ? AND a.track_id = k.app_store_id), ?
                FROM tracked_keywords k WHERE k.term = ? AND k.country = ?
                ON CONFLICT (keyword_id, day) DO UPDATE SET observed_at = excluded.observed_at, rank = excluded.rank,
                    observation_id = excluded.observation_id
                """, [.text(day), .text(observedAt), .int(observationId), .int(observationId), .text(term), .text(country)])
            return db.changes
        }
    }

    /// Today's observation of a term, as the collector needs it: ID and time, not the results.
    func observationStamp(term: String, country: String, day: String, source: String) throws -> (id: Int64, observedAt: String)? {
        try db.queryOne(
            "SELECT id, observed_at FROM observations WHERE term = ? AND country = ? AND day = ? AND source = ?",
            [.text(term), .text(country), .text(day), .text(source)]
        )
        .map { try ($0.integer("id"), $0.text("observed_at")) }
    }
}
