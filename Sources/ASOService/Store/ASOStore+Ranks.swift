import Foundation
import Shared

/// Rank history: what the collector writes from observations.
extension ASOStore {
    /// Every (term, country) tracked by some project, each once.
    public func trackedTerms() throws -> [(term: String, country: String)] {
        try db.query("SELECT DISTINCT term, country FROM tracked_keywords ORDER BY country, term")
            .map { ($0.string("term")!, $0.string("country")!) }
    }

    /// Writes, for every keyword tracking the observation's term and country, the app's
    /// position in it (null when absent) for the observation's day, in one transaction.
    /// Returns how many keywords got a rank row.
    @discardableResult
    public func recordRanks(from observation: ASOObservation) throws -> Int {
        var positions: [String: Int] = [:]
        for (index, app) in observation.apps.enumerated() where positions[String(app.trackId)] == nil {
            positions[String(app.trackId)] = index + 1
        }
        return try db.transaction {
            let keywords = try db.query("SELECT id, app_store_id FROM tracked_keywords WHERE term = ? AND country = ?",
                                        [.text(observation.term), .text(observation.country)])
            for keyword in keywords {
                try db.run("""
                    INSERT INTO keyword_ranks (keyword_id, day, observed_at, rank, observation_id) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (keyword_id, day) DO UPDATE SET observed_at = excluded.observed_at, rank = excluded.rank,
                        observation_id = excluded.observation_id
                    """, [.text(keyword.string("id")!), .text(observation.day), .text(observation.observedAt),
                          SQLValue(positions[keyword.string("app_store_id")!]), .int(observation.id)])
            }
            return keywords.count
        }
    }
}
