import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The daily overview snapshots: one row per app per UTC day, written by connect and the
/// `revenue` job, read by the overview and `revenue.signals`. A metric RevenueCat did not send
/// is stored NULL, never 0.
struct RevenueSnapshots {
    let db: SQLiteDatabase

    /// `YYYY-MM-DD` of `date` in UTC.
    static func day(_ date: Date) -> String { String(ISOTime.format(date).prefix(10)) }

    /// The day after `day`, or nil for a malformed one.
    static func day(after day: String) -> String? {
        ISOTime.parse(day + "T00:00:00.000Z").map { Self.day($0.addingTimeInterval(86_400)) }
    }

    /// Writes (or replaces) the app's row of `day`. Runs inside the caller's transaction.
    func upsert(projectId: String, revenueCatProjectId: String, day: String, overview: RevenueCatClient.Overview, at: String) throws {
        var byId: [String: RevenueCatClient.Metric] = [:]
        for metric in overview.metrics where byId[metric.id] == nil { byId[metric.id] = metric }
        let lastUpdated = overview.metrics.compactMap { $0.lastUpdatedAtISO8601 }.max()
        let json = String(decoding: try JSONEncoder().encode(overview.metrics), as: UTF8.self)
        try db.run(
            """
            INSERT INTO revenue_snapshots (project_id, day, rc_project_id, currency, period, last_updated_at, mrr, revenue,
                active_subscriptions, active_trials, new_customers, active_users, metrics_json, synced_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (project_id, day) DO UPDATE SET rc_project_id = excluded.rc_project_id, currency = excluded.currency,
                period = excluded.period, last_updated_at = excluded.last_updated_at, mrr = excluded.mrr, revenue = excluded.revenue,
                active_subscriptions = excluded.active_subscriptions, active_trials = excluded.active_trials,
                new_customers = excluded.new_customers, active_users = excluded.active_users, metrics_json = excluded.metrics_json,
                synced_at = excluded.synced_at
            """,
            [
                .text(projectId), .text(day), .text(revenueCatProjectId), SQLValue(overview.currency),
                SQLValue(byId[RevenueMetric.revenue]?.period), SQLValue(lastUpdated),
            ] + RevenueMetric.mapped.map { SQLValue(byId[$0]?.value) } + [.text(json), .text(at)])
    }

    /// Up to `days` snapshots ending `today`, oldest first.
    func snapshots(projectId: String, days: Int, today: Date) throws -> [RevenueSnapshot] {
        let first = Self.day(today.addingTimeInterval(-86_400 * Double(days - 1)))
        return try db.query(
            "SELECT * FROM revenue_snapshots WHERE project_id = ? AND day >= ? ORDER BY day LIMIT ?",
            [.text(projectId), .text(first), .int(Int64(days))]
        ).map(Self.snapshot)
    }

    func latest(projectId: String) throws -> RevenueSnapshot? {
        try db.queryOne("SELECT * FROM revenue_snapshots WHERE project_id = ? ORDER BY day DESC LIMIT 1", [.text(projectId)])
            .map(Self.snapshot)
    }

    static func snapshot(_ row: Row) throws -> RevenueSnapshot {
        var metrics: [String: Double?] = [:]
        if let json = row.string("metrics_json"),
            let received = try? JSONDecoder().decode([RevenueCatClient.Metric].self, from: Data(json.utf8))
        {
            for metric in received where metric.value != nil { metrics[metric.id] = metric.value }
        }
        // The mapped columns are the record; an unknown one is null, never left out.
        for id in RevenueMetric.mapped { metrics[id] = .some(row.double(id)) }
        return RevenueSnapshot(
            date: try row.text("day"), currency: row.string("currency"), period: row.string("period"),
            lastUpdatedAt: row.string("last_updated_at"), syncedAt: try row.text("synced_at"), metrics: metrics)
    }
}
