import Foundation
import HubMessaging
import HubRuntime
import HubStore

extension MarketStore {
    /// The latest estimate of a metric for an app: worldwide first, then the newest period
    /// and observation. Used as a correlated subquery on `a.adam_id`.
    static func latestEstimate(_ metric: String, column: String) -> String {
        """
        (SELECT \(column) FROM estimates e WHERE e.adam_id = a.adam_id AND e.metric = '\(metric)'
         ORDER BY e.storefront = 'ww' DESC, e.period_end DESC, e.observed_at DESC LIMIT 1)
        """
    }

    static func likePattern(_ text: String) -> String {
        "%"
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    public func searchApps(_ r: MarketAppSearch.Request) throws -> MarketAppSearch.Response {
        var problems: [String: [String]] = [:]
        if !(1...50).contains(r.limit) { problems["limit"] = ["must be 1-50"] }
        if !(0...100_000).contains(r.offset) { problems["offset"] = ["must be 0-100000"] }
        if let q = r.query, q.count > 120 { problems["query"] = ["must be at most 120 characters"] }
        if let type = r.flowType, !MarketAppSearch.flowTypes.contains(type) {
            problems["flowType"] = ["must be one of \(MarketAppSearch.flowTypes.joined(separator: ", "))"]
        }
        if !problems.isEmpty { throw RPCError.marketInvalidQuery(problems) }
        if !r.plan.hasFullMarketAccess, r.minDownloads != nil || r.minRevenue != nil || r.sort == .downloads || r.sort == .revenue {
            throw RPCError.planRequired("Estimate filters and sorts")
        }
        if !r.plan.hasFullMarketAccess, r.hasAds != nil || r.flowType != nil { throw RPCError.planRequired("Ad and flow filters") }
        var conditions: [String] = []
        var args: [SQLValue] = []
        if let q = r.query?.trimmingCharacters(in: .whitespaces), !q.isEmpty {
            conditions.append("(a.name LIKE ? ESCAPE '\\' OR a.developer_name LIKE ? ESCAPE '\\')")
            args += [.text(Self.likePattern(q)), .text(Self.likePattern(q))]
        }
        if let genre = r.genreId {
            conditions.append("a.genre_id = ?")
            args.append(.text(genre))
        }
        if let storefront = r.storefront {
            conditions.append(
                """
                a.adam_id IN (SELECT adam_id FROM snapshot_entries WHERE snapshot_id = (
                    SELECT id FROM snapshots WHERE storefront = ? AND chart = ? AND genre = '' AND complete = 1 ORDER BY day DESC LIMIT 1))
                """)
            args += [.text(storefront), .text(r.chart ?? "topfreeapplications")]
        }
        if let hasAds = r.hasAds {
            conditions.append("\(hasAds ? "" : "NOT ")EXISTS (SELECT 1 FROM ads x WHERE x.adam_id = a.adam_id)")
        }
        if let type = r.flowType {
            conditions.append("EXISTS (SELECT 1 FROM flows x WHERE x.adam_id = a.adam_id AND x.flow_type = ? AND x.published = 1)")
            args.append(.text(type))
        }
        if let rating = r.minRating {
            conditions.append("a.rating >= ?")
            args.append(.double(rating))
        }
        if let after = r.releasedAfter {
            conditions.append("substr(a.release_date, 1, 10) >= ?")
            args.append(.text(after))
        }
        if let before = r.releasedBefore {
            conditions.append("substr(a.release_date, 1, 10) <= ?")
            args.append(.text(before))
        }
        var outer: [String] = []
        if let min = r.minDownloads {
            outer.append("downloads_value >= ?")
            args.append(.double(min))
        }
        if let min = r.minRevenue {
            outer.append("revenue_value >= ?")
            args.append(.double(min))
        }
        let order: String
        switch r.sort {
        case .recent: order = "release_date DESC NULLS LAST, adam_id"
        case .rating: order = "rating DESC NULLS LAST, rating_count DESC NULLS LAST, adam_id"
        case .downloads: order = "downloads_value DESC NULLS LAST, adam_id"
        case .revenue: order = "revenue_value DESC NULLS LAST, adam_id"
        case .name: order = "name COLLATE NOCASE, adam_id"
        }
        let rows = try db.query(
            """
            SELECT * FROM (
                SELECT a.*, \(Self.latestEstimate("downloads", column: "record_id")) AS downloads_id,
                       \(Self.latestEstimate("downloads", column: "value")) AS downloads_value,
                       \(Self.latestEstimate("revenue", column: "record_id")) AS revenue_id,
                       \(Self.latestEstimate("revenue", column: "value")) AS revenue_value
                FROM apps a \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ) \(outer.isEmpty ? "" : "WHERE " + outer.joined(separator: " AND "))
            ORDER BY \(order) LIMIT ? OFFSET ?
            """, args + [.int(Int64(r.limit + 1)), .int(Int64(r.offset))])
        let items = try rows.prefix(r.limit).map { try summary($0, plan: r.plan) }
        return .init(items: items, nextOffset: rows.count > r.limit ? r.offset + r.limit : nil)
    }

    /// A row of `apps` (with `downloads_id`/`revenue_id` when selected) as a summary.
    func summary(_ row: Row, plan: OrganizationPlan) throws -> MarketAppSummary {
        var s = try MarketAppSummary(
            adamId: row.text("adam_id"), slug: row.text("slug"), name: row.text("name"),
            firstSeenAt: row.text("first_seen_at"), lastSeenAt: row.text("last_seen_at"))
        s.developerName = row.string("developer_name")
        s.developerId = row.string("developer_id")
        s.genreId = row.string("genre_id")
        s.genreName = row.string("genre_name")
        s.price = row.double("price")
        s.currency = row.string("currency")
        s.rating = row.double("rating")
        s.ratingCount = row.int("rating_count")
        s.releaseDate = row.string("release_date")
        s.iconUrl = row.string("icon_url")
        s.downloads = try row.string("downloads_id").flatMap { try estimate(recordId: $0) }?.visible(to: plan)
        s.revenue = try row.string("revenue_id").flatMap { try estimate(recordId: $0) }?.visible(to: plan)
        return s
    }

    static func estimate(_ r: Row) throws -> MarketEstimate {
        try MarketEstimate(
            metric: r.text("metric"), value: r.double("value"), currency: r.string("currency"),
            source: r.text("source"), storefront: r.text("storefront"), periodStart: r.text("period_start"),
            periodEnd: r.text("period_end"), observedAt: r.text("observed_at"))
    }

    func estimate(recordId: String) throws -> MarketEstimate? {
        try db.queryOne("SELECT * FROM estimates WHERE record_id = ?", [.text(recordId)]).map(Self.estimate)
    }

    /// The app by slug or store ID, or 404.
    func appRow(_ handle: String) throws -> Row {
        let column = MarketFeedParser.isNumeric(handle) ? "adam_id" : "slug"
        guard
            let row = try db.queryOne(
                """
                SELECT a.*, \(Self.latestEstimate("downloads", column: "record_id")) AS downloads_id,
                       \(Self.latestEstimate("revenue", column: "record_id")) AS revenue_id
                FROM apps a WHERE a.\(column) = ?
                """, [.text(handle)])
        else { throw RPCError.marketNotFound("app") }
        return row
    }

    /// Counts one profile read against a limited plan's daily allowance, or refuses it.
    func countProfileRead(_ org: MarketOrganization) throws -> MarketDailyQuota? {
        guard !org.plan.hasFullMarketAccess else { return nil }
        let day = today()
        let limit = MarketDailyQuota.profilesPerDay
        let resetsAt = (MarketDay.adding(1, to: day) ?? day) + "T00:00:00.000Z"
        return try db.transaction {
            let used =
                try db.scalar(
                    "SELECT count FROM profile_reads WHERE organization_id = ? AND day = ?",
                    [.text(org.organizationId), .text(day)]
                ).intValue ?? 0
            guard used < limit else {
                throw RPCError(
                    code: MarketAppGet.dailyLimitCode,
                    message: "The plan allows \(limit) app profiles a day; the allowance renews at \(resetsAt).",
                    status: 429, fields: ["resets_at": [resetsAt]])
            }
            try db.run(
                """
                INSERT INTO profile_reads (organization_id, day, count) VALUES (?, ?, 1)
                ON CONFLICT (organization_id, day) DO UPDATE SET count = count + 1
                """, [.text(org.organizationId), .text(day)])
            return MarketDailyQuota(limit: limit, used: used + 1, remaining: limit - used - 1, resetsAt: resetsAt)
        }
    }

    public func appProfile(_ r: MarketAppGet.Request) throws -> MarketAppProfile {
        if MarketChartQuery(storefront: r.storefront, chart: MarketChartQuery.charts[0]).problems()["storefront"] != nil {
            throw RPCError.marketInvalidQuery(["storefront": ["must be a two-letter lowercase country code"]])
        }
        // An admitted read counts even when the app is not found.
        let daily = try countProfileRead(r.organization)
        let row = try appRow(r.handle)
        let adamId = SQLValue.text(try row.text("adam_id"))
        var listing = MarketAppProfile.Listing()
        listing.description = row.string("description")
        listing.bundleId = row.string("bundle_id")
        listing.version = row.string("version")
        listing.sizeBytes = row.int("size_bytes")
        listing.contentRating = row.string("content_rating")
        listing.minimumOS = row.string("minimum_os")
        listing.websiteUrl = row.string("website_url")
        listing.storeUrl = row.string("store_url")
        listing.lookedUpAt = row.string("looked_up_at")
        let estimates = try db.query(
            """
            SELECT * FROM estimates WHERE adam_id = ? ORDER BY period_end DESC, observed_at DESC, metric LIMIT 500
            """, [adamId]
        ).map { try Self.estimate($0).visible(to: r.plan) }
        let since = MarketDay.adding(-89, to: today())!
        let points = try db.query(
            """
            SELECT s.day, e.rank FROM snapshot_entries e JOIN snapshots s ON s.id = e.snapshot_id
            WHERE e.adam_id = ? AND s.storefront = ? AND s.chart = 'topfreeapplications' AND s.genre = '' AND s.complete = 1
              AND s.day >= ? ORDER BY s.day
            """, [adamId, .text(r.storefront), .text(since)]
        ).map { try MarketChartPoint(date: $0.text("day"), rank: Int($0.integer("rank"))) }
        let now = clock.now()
        let ads = try db.query(
            """
            SELECT platform, first_seen_at FROM ads WHERE adam_id = ? AND active = 1 AND first_seen_at IS NOT NULL
            ORDER BY first_seen_at DESC LIMIT 100
            """, [adamId]
        ).map { ad -> MarketAppProfile.ActiveAd in
            let first = try ad.text("first_seen_at")
            let days = ISOTime.parse(first).map { max(0, Int(now.timeIntervalSince($0) / 86_400)) } ?? 0
            return .init(platform: try ad.text("platform"), firstSeenAt: first, daysSinceFirstSeen: days)
        }
        return MarketAppProfile(
            app: try summary(row, plan: r.plan), listing: listing, estimates: estimates,
            chartHistory: .init(storefront: r.storefront, chart: "topfreeapplications", points: points),
            activeAds: ads, daily: daily)
    }
}
