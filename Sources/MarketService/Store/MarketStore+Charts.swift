import Foundation
import HubMessaging
import HubStore

extension MarketStore {
    /// The latest complete snapshot of a chart with its apps, best rank first.
    public func trending(_ request: MarketTrending.Request) throws -> MarketTrending.Body {
        let q = request.chart
        let key = "\(q.storefront)|\(q.chart)|\(q.genre ?? "")|\(request.limit)"
        return try trendingCache.value(for: key, in: db) {
            guard
                let snapshot = try db.queryOne(
                    """
                    SELECT id, day FROM snapshots WHERE storefront = ? AND chart = ? AND genre = ? AND complete = 1
                    ORDER BY day DESC LIMIT 1
                    """, [.text(q.storefront), .text(q.chart), .text(q.genre ?? "")])
            else {
                return MarketTrending.Body(snapshotDate: nil, items: [])
            }
            let rows = try db.query(
                """
                SELECT e.rank, a.adam_id, a.slug, a.name, a.developer_name, a.developer_id, a.genre_id, a.genre_name,
                       a.price, a.currency, a.release_date, a.icon_url
                FROM snapshot_entries e JOIN apps a ON a.adam_id = e.adam_id
                WHERE e.snapshot_id = ? ORDER BY e.rank LIMIT ?
                """, [snapshot["id"], .int(Int64(request.limit))])
            return MarketTrending.Body(snapshotDate: snapshot.string("day"), items: rows.map(Self.chartItem))
        }
    }

    static func chartItem(_ r: Row) -> MarketChartItem {
        MarketChartItem(
            rank: r.int("rank") ?? 0, adamId: r.string("adam_id") ?? "", slug: r.string("slug") ?? "",
            name: r.string("name") ?? "", developerName: r.string("developer_name"),
            developerId: r.string("developer_id"), genreId: r.string("genre_id"), genreName: r.string("genre_name"),
            price: r.double("price"), currency: r.string("currency"), releaseDate: r.string("release_date"),
            iconUrl: r.string("icon_url"))
    }

    /// The most recent pair of complete snapshots of a chart on consecutive UTC days, or nil.
    func latestConsecutivePair(_ q: MarketChartQuery) throws -> (from: (id: Int64, day: String), to: (id: Int64, day: String))? {
        let rows = try db.query(
            """
            SELECT id, day FROM snapshots WHERE storefront = ? AND chart = ? AND genre = ? AND complete = 1
            ORDER BY day DESC LIMIT 400
            """, [.text(q.storefront), .text(q.chart), .text(q.genre ?? "")])
        for i in rows.indices.dropLast() {
            let later = rows[i]
            let earlier = rows[i + 1]
            guard let laterDay = later.string("day"), let earlierDay = earlier.string("day") else { continue }
            if MarketDay.adding(-1, to: laterDay) == earlierDay {
                return try ((earlier.integer("id"), earlierDay), (later.integer("id"), laterDay))
            }
        }
        return nil
    }

    /// Risers, fallers or new entries between the latest consecutive pair of complete daily
    /// snapshots; nothing without such a pair, since a gap or a partial feed proves no move.
    public func rising(_ request: MarketRising.Request) throws -> MarketRising.Body {
        let q = request.chart
        let key = "\(q.storefront)|\(q.chart)|\(q.genre ?? "")|\(request.kind.rawValue)|\(request.limit)"
        return try risingCache.value(for: key, in: db) {
            guard let pair = try latestConsecutivePair(q) else { return MarketRising.Body(fromDate: nil, toDate: nil, items: []) }
            let condition: String
            let order: String
            switch request.kind {
            case .riser: (condition, order) = ("p.rank > e.rank", "p.rank - e.rank DESC, e.rank")
            case .faller: (condition, order) = ("p.rank < e.rank", "p.rank - e.rank ASC, e.rank")
            case .new: (condition, order) = ("p.rank IS NULL", "e.rank")
            }
            let rows = try db.query(
                """
                SELECT e.rank, p.rank AS previous_rank, a.adam_id, a.slug, a.name
                FROM snapshot_entries e
                JOIN apps a ON a.adam_id = e.adam_id
                LEFT JOIN snapshot_entries p ON p.snapshot_id = ? AND p.adam_id = e.adam_id
                WHERE e.snapshot_id = ? AND \(condition)
                ORDER BY \(order) LIMIT ?
                """, [.int(pair.from.id), .int(pair.to.id), .int(Int64(request.limit))])
            let items = rows.map { r -> MarketRisingItem in
                let rank = r.int("rank") ?? 0
                let previous = r.int("previous_rank")
                return MarketRisingItem(
                    adamId: r.string("adam_id") ?? "", slug: r.string("slug") ?? "", name: r.string("name") ?? "",
                    rank: rank, previousRank: previous, change: previous.map { $0 - rank })
            }
            return MarketRising.Body(fromDate: pair.from.day, toDate: pair.to.day, items: items)
        }
    }
}
