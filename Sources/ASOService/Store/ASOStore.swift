import Foundation
import HubRuntime
import HubStore

/// asod's store: the one owner of `asod.sqlite`. Each write method is one transaction named for
/// what it does; extensions per concern (`ASOStore+Quota.swift`, `ASOStore+Tracking.swift`, …).
/// Used from the RPC thread and from the explorer and job queues; the connection serializes them.
public final class ASOStore: @unchecked Sendable {
    public let db: SQLiteDatabase
    let clock: Clock
    let ids: TimeSortableID
    public init(db: SQLiteDatabase, clock: Clock) {
        self.db = db
        self.clock = clock
        ids = TimeSortableID(clock: clock)
    }

    /// Now as stored: ISO-8601 UTC with milliseconds, which sorts as text.
    func now() -> String { ISOTime.format(clock.now()) }

    /// The UTC day of `date`, `YYYY-MM-DD`.
    public static func day(_ date: Date) -> String { String(ISOTime.format(date).prefix(10)) }

    /// The UTC day `days` after (or before, negative) `day`.
    static func day(_ day: String, adding days: Int) -> String? {
        guard let start = ISOTime.parse(day + "T00:00:00.000Z") else { return nil }
        return ASOStore.day(start.addingTimeInterval(Double(days) * 86_400))
    }

    /// The next 00:00 UTC after `date`.
    public static func nextMidnight(after date: Date) -> Date {
        let start = ISOTime.parse(ASOStore.day(date) + "T00:00:00.000Z")!
        return start.addingTimeInterval(86_400)
    }

    // MARK: Observations

    /// The cached observation of a normalized term for that day, if any.
    public func observation(term: String, country: String, day: String, source: String) throws -> ASOObservation? {
        try db.queryOne(
            "SELECT * FROM observations WHERE term = ? AND country = ? AND day = ? AND source = ?",
            [.text(term), .text(country), .text(day), .text(source)]
        ).map(observation(from:))
    }

    /// The row ID of the cached observation, without reading its results.
    public func observationId(term: String, country: String, day: String, source: String) throws -> Int64? {
        try db.scalar(
            "SELECT id FROM observations WHERE term = ? AND country = ? AND day = ? AND source = ?",
            [.text(term), .text(country), .text(day), .text(source)]
        ).int64Value
    }

    public func observation(id: Int64) throws -> ASOObservation? {
        try db.queryOne("SELECT * FROM observations WHERE id = ?", [.int(id)]).map(observation(from:))
    }

    /// The most recent observation of the term on an earlier day.
    public func earlierObservation(term: String, country: String, before day: String, source: String) throws -> ASOObservation? {
        try db.queryOne(
            """
            SELECT * FROM observations WHERE term = ? AND country = ? AND source = ? AND day < ? ORDER BY day DESC LIMIT 1
            """, [.text(term), .text(country), .text(source), .text(day)]
        ).map(observation(from:))
    }

    /// Stores today's observation; when one was stored meanwhile for the same key, that first one
    /// stays and is returned, so everyone reading the day sees one ranking.
    public func saveObservation(term: String, country: String, source: String, apps: [ITunesApp]) throws -> ASOObservation {
        let at = clock.now()
        let day = ASOStore.day(at)
        var stored = apps
        for i in stored.indices { stored[i].description = nil }
        let json = ITunesApp.jsonArray(stored)
        return try db.transaction {
            try db.run(
                """
                INSERT INTO observations (term, country, day, source, observed_at, result_count, results)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (term, country, day, source) DO NOTHING
                """,
                [
                    .text(term), .text(country), .text(day), .text(source), .text(ISOTime.format(at)),
                    .int(Int64(stored.count)), .text(json),
                ])
            guard db.changes == 1 else { return try observation(term: term, country: country, day: day, source: source)! }
            let id = db.lastInsertRowID
            for (index, app) in stored.enumerated() {
                try db.run(
                    "INSERT OR IGNORE INTO observation_apps (observation_id, rank, track_id) VALUES (?, ?, ?)",
                    [.int(id), .int(Int64(index + 1)), .text(String(app.trackId))])
            }
            return ASOObservation(
                id: id, term: term, country: country, day: day, source: source,
                observedAt: ISOTime.format(at), apps: stored)
        }
    }

    func observation(from row: Row) throws -> ASOObservation {
        let apps = try JSONDecoder().decode([ITunesApp].self, from: Data(row.text("results").utf8))
        return try ASOObservation(
            id: row.integer("id"), term: row.text("term"), country: row.text("country"),
            day: row.text("day"), source: row.text("source"), observedAt: row.text("observed_at"),
            apps: apps)
    }
}
