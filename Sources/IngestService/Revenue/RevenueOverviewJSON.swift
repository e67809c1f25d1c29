import HubMessaging

/// `GET /projects/{id}/revenue`: `{connected, currency, syncedAt, latest, snapshots}`, where an
/// unknown value is `null` (never left out, never 0) so a chart shows a gap, not a drop.
struct RevenueOverviewJSON: Encodable {
    let overview: RevenueOverview.Response

    private enum Keys: String, CodingKey { case connected, currency, syncedAt, latest, snapshots }

    struct Snapshot: Encodable {
        let snapshot: RevenueSnapshot
        private enum Keys: String, CodingKey { case date, currency, period, lastUpdatedAt, syncedAt, metrics }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(snapshot.date, forKey: .date)
            try c.encode(snapshot.currency, forKey: .currency)
            try c.encode(snapshot.period, forKey: .period)
            try c.encode(snapshot.lastUpdatedAt, forKey: .lastUpdatedAt)
            try c.encode(snapshot.syncedAt, forKey: .syncedAt)
            try c.encode(snapshot.metrics, forKey: .metrics)
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(overview.connection.connected, forKey: .connected)
        try c.encode(overview.currency, forKey: .currency)
        try c.encode(overview.syncedAt, forKey: .syncedAt)
        try c.encode(overview.latest.map(Snapshot.init), forKey: .latest)
        try c.encode(overview.snapshots.map(Snapshot.init), forKey: .snapshots)
    }
}
