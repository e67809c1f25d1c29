import Foundation
import HubMessaging

extension MarketStore {
    /// Every studio, recomputed after any write to the store.
    func publisherGroups() throws -> [MarketPublisherGrouping.Group] {
        try publisherCache.value(for: "all", in: db) {
            let ww = "e.adam_id = a.adam_id AND e.storefront = 'ww'"
            let rows = try db.query(
                """
                SELECT a.adam_id, a.slug, a.name, a.developer_name, a.developer_id, a.genre_id, a.genre_name,
                       substr(a.release_date, 1, 10) AS release_day, a.rating, a.rating_count,
                       (SELECT value FROM estimates e WHERE \(ww) AND e.metric = 'revenue'
                        ORDER BY e.period_end DESC, e.observed_at DESC LIMIT 1) AS revenue,
                       (SELECT record_id FROM estimates e WHERE \(ww) AND e.metric = 'downloads'
                        ORDER BY e.period_end DESC, e.observed_at DESC LIMIT 1) AS downloads_id
                FROM apps a WHERE a.developer_name IS NOT NULL
                """)
            var members: [MarketPublisherGrouping.Member] = []
            members.reserveCapacity(rows.count)
            for r in rows {
                var m = try MarketPublisherGrouping.Member(
                    adamId: r.text("adam_id"), slug: r.text("slug"), name: r.text("name"),
                    developerName: r.text("developer_name"), developerId: r.string("developer_id"), genreId: r.string("genre_id"),
                    genreName: r.string("genre_name"), releaseDay: r.string("release_day"), rating: r.double("rating"),
                    ratingCount: r.int("rating_count"), revenue: r.double("revenue"))
                if let id = r.string("downloads_id"),
                    let latest = try db.queryOne("SELECT * FROM estimates WHERE record_id = ?", [.text(id)])
                {
                    m.downloads = latest.double("value")
                    m.previousDownloads = try db.queryOne(
                        """
                        SELECT value FROM estimates WHERE adam_id = ? AND metric = 'downloads' AND storefront = 'ww' AND source = ?
                          AND period_end < ? ORDER BY period_end DESC, observed_at DESC LIMIT 1
                        """, [latest["adam_id"], latest["source"], latest["period_start"]])?.double("value")
                }
                members.append(m)
            }
            return MarketPublisherGrouping.groups(members, today: today())
        }
    }

    public func publishers(_ r: MarketPublishers.Request) throws -> MarketPublishers.Response {
        var problems: [String: [String]] = [:]
        if !(1...50).contains(r.limit) { problems["limit"] = ["must be 1-50"] }
        if !(0...100_000).contains(r.offset) { problems["offset"] = ["must be 0-100000"] }
        if !problems.isEmpty { throw RPCError.marketInvalidQuery(problems) }
        let full = r.plan.hasFullMarketAccess
        if !full, r.minRevenue != nil || r.minDownloads != nil || r.minAppsMakingMoney != nil {
            throw RPCError.planRequired("Estimate filters")
        }
        let needle = r.query.map(MarketPublisherGrouping.normalizedName).flatMap { $0.isEmpty ? nil : $0 }
        var groups = try publisherGroups().filter { g in
            let p = g.publisher
            if let needle, !MarketPublisherGrouping.normalizedName(p.name).contains(needle) { return false }
            if let genre = r.genreId, !g.members.contains(where: { $0.genreId == genre }) { return false }
            if let min = r.minApps, p.appCount < min { return false }
            if r.launchedRecently, p.launchesLast90Days == 0 { return false }
            if r.newOnly, !p.isNew { return false }
            if let min = r.minRevenue, (p.revenue ?? -1) < min { return false }
            if let min = r.minDownloads, (p.downloads ?? -1) < min { return false }
            if let min = r.minAppsMakingMoney, (p.appsMakingMoney ?? 0) < min { return false }
            return true
        }
        let sort = full ? (r.sort ?? .revenue) : .apps
        func value(_ g: MarketPublisherGrouping.Group) -> Double {
            switch sort {
            case .revenue: return g.publisher.revenue ?? -.infinity
            case .downloads: return g.publisher.downloads ?? -.infinity
            case .apps: return Double(g.publisher.appCount)
            case .growth: return g.publisher.growthPercent ?? -.infinity
            }
        }
        groups.sort { (value($0), $1.publisher.key) > (value($1), $0.publisher.key) }
        if !full {
            return .init(items: groups.prefix(3).map(MarketPublisherGrouping.limited), nextOffset: nil, limited: true)
        }
        let page = groups.dropFirst(r.offset).prefix(r.limit).map(\.publisher)
        return .init(items: Array(page), nextOffset: groups.count > r.offset + r.limit ? r.offset + r.limit : nil, limited: false)
    }

    public func publisher(_ r: MarketPublisherGet.Request) throws -> MarketPublisherGet.Response {
        let all = try publisherGroups()
        guard let group = all.first(where: { $0.publisher.key == r.key }) else {
            throw RPCError.marketNotFound("publisher")
        }
        let full = r.plan.hasFullMarketAccess
        let ids = (full ? group.members : Array(group.members.prefix(3))).map(\.adamId)
        let apps = try ids.map { try summary(try appRow($0), plan: r.plan) }
        let similar =
            group.publisher.mainGenreId.map { genre in
                all.filter { $0.publisher.key != group.publisher.key && $0.publisher.mainGenreId == genre }
                    .sorted { ($0.publisher.appCount, $1.publisher.key) > ($1.publisher.appCount, $0.publisher.key) }
                    .prefix(5).map { full ? $0.publisher : MarketPublisherGrouping.limited($0) }
            } ?? []
        return .init(
            publisher: full ? group.publisher : MarketPublisherGrouping.limited(group), apps: apps,
            revenueHistory: full ? try revenueHistory(group.members.map(\.adamId)) : [], similar: Array(similar),
            limited: !full)
    }

    /// Monthly worldwide revenue summed over the apps, each app read from one source (that of
    /// its latest worldwide revenue estimate); only periods where every app has a value.
    func revenueHistory(_ apps: [String]) throws -> [MarketPublisherGet.RevenuePoint] {
        var perPeriod: [String: (start: String, end: String, values: [String: Double])] = [:]
        for app in apps {
            guard
                let source = try db.queryOne(
                    """
                    SELECT source FROM estimates WHERE adam_id = ? AND metric = 'revenue' AND storefront = 'ww'
                    ORDER BY period_end DESC, observed_at DESC LIMIT 1
                    """, [.text(app)])?.string("source")
            else { return [] }
            let rows = try db.query(
                """
                SELECT period_start, period_end, value FROM estimates
                WHERE adam_id = ? AND metric = 'revenue' AND storefront = 'ww' AND source = ? AND value IS NOT NULL
                ORDER BY observed_at
                """, [.text(app), .text(source)])
            for row in rows {
                let start = try row.text("period_start")
                let end = try row.text("period_end")
                perPeriod[start + "|" + end, default: (start, end, [:])].values[app] = row.double("value")
            }
        }
        return perPeriod.values.filter { $0.values.count == apps.count }
            .map { MarketPublisherGet.RevenuePoint(periodStart: $0.start, periodEnd: $0.end, value: $0.values.values.reduce(0, +)) }
            .sorted { ($0.periodEnd, $0.periodStart) < ($1.periodEnd, $1.periodStart) }
    }
}
