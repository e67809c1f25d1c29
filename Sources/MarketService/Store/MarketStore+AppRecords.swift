import HubMessaging
import HubRuntime
import HubStore

/// An app's imported ads and social posts, as the records were imported (`MarketRecord`).
extension MarketStore {
    public func appAds(_ r: MarketAppAds.Request) throws -> MarketAppAds.Response {
        let app = try recordsApp(plan: r.plan, handle: r.handle, limit: r.limit, offset: r.offset, feature: "Ads")
        var sql = "SELECT * FROM ads WHERE adam_id = ?"
        var args: [SQLValue] = [.text(app.adamId)]
        if let platform = r.platform {
            sql += " AND platform = ?"
            args.append(.text(platform))
        }
        if r.activeOnly { sql += " AND active = 1" }
        let rows = try db.query(
            sql + " ORDER BY first_seen_at DESC NULLS LAST, record_id LIMIT ? OFFSET ?",
            args + [.int(Int64(r.limit + 1)), .int(Int64(r.offset))])
        let items = try rows.prefix(r.limit).map {
            MarketAd(
                id: try $0.text("record_id"), platform: try $0.text("platform"), active: $0.int("active") == 1,
                firstSeenAt: $0.string("first_seen_at"), lastSeenAt: $0.string("last_seen_at"), url: $0.string("url"))
        }
        return .init(app: app, items: items, nextOffset: rows.count > r.limit ? r.offset + r.limit : nil)
    }

    public func appPosts(_ r: MarketAppPosts.Request) throws -> MarketAppPosts.Response {
        let app = try recordsApp(plan: r.plan, handle: r.handle, limit: r.limit, offset: r.offset, feature: "Social posts")
        var sql = "SELECT * FROM social_posts WHERE adam_id = ? AND available = 1"
        var args: [SQLValue] = [.text(app.adamId)]
        if let platform = r.platform {
            sql += " AND platform = ?"
            args.append(.text(platform))
        }
        let order =
            r.sort == .views ? "views DESC NULLS LAST, published_at DESC NULLS LAST, record_id" : "published_at DESC NULLS LAST, record_id"
        let rows = try db.query(
            sql + " ORDER BY \(order) LIMIT ? OFFSET ?", args + [.int(Int64(r.limit + 1)), .int(Int64(r.offset))])
        let items = try rows.prefix(r.limit).map {
            MarketSocialPost(
                id: try $0.text("record_id"), platform: try $0.text("platform"), publishedAt: $0.string("published_at"),
                url: $0.string("url"), views: $0.int("views"))
        }
        return .init(app: app, items: items, nextOffset: rows.count > r.limit ? r.offset + r.limit : nil)
    }

    /// The checks both lists share: full market access, the page's bounds, and the app (404 when unknown).
    private func recordsApp(plan: OrganizationPlan, handle: String, limit: Int, offset: Int, feature: String) throws -> MarketAppRef {
        var problems: [String: [String]] = [:]
        if !(1...50).contains(limit) { problems["limit"] = ["must be 1-50"] }
        if !(0...100_000).contains(offset) { problems["offset"] = ["must be 0-100000"] }
        if !problems.isEmpty { throw RPCError.marketInvalidQuery(problems) }
        guard plan.hasFullMarketAccess else { throw RPCError.planRequired(feature) }
        let row = try appRow(handle)
        return MarketAppRef(adamId: try row.text("adam_id"), slug: try row.text("slug"), name: try row.text("name"))
    }
}
