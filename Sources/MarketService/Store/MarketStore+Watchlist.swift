import Foundation
import HubMessaging
import HubStore

extension MarketStore {
    /// Longest watchlist note, in characters.
    static let maximumNoteLength = 500

    public func watchlist(_ org: MarketOrganization) throws -> MarketWatchlistList.Response {
        let rows = try db.query(
            """
            SELECT w.adam_id, w.note, w.created_at, a.slug, a.name FROM watchlist w
            LEFT JOIN apps a ON a.adam_id = w.adam_id
            WHERE w.organization_id = ? ORDER BY w.created_at, w.adam_id
            """, [.text(org.organizationId)])
        return MarketWatchlistList.Response(items: rows.map(Self.watchlistItem), allowance: org.plan.watchlistAllowance)
    }

    static func watchlistItem(_ r: Row) -> MarketWatchlistItem {
        let adamId = r.string("adam_id") ?? ""
        return MarketWatchlistItem(
            adamId: adamId, slug: r.string("slug") ?? adamId, name: r.string("name") ?? adamId,
            note: r.string("note"), addedAt: r.string("created_at") ?? "")
    }

    /// Watches a catalog app within the plan's allowance, checked in the same transaction.
    public func addToWatchlist(_ request: MarketWatchlistAdd.Request) throws -> MarketWatchlistAdd.Response {
        let org = request.organization
        if let note = request.note, note.count > Self.maximumNoteLength {
            throw RPCError.marketInvalidPayload(["note": ["must be at most \(Self.maximumNoteLength) characters"]])
        }
        let allowance = org.plan.watchlistAllowance
        if allowance == 0 { throw RPCError.planRequired("The watchlist", requiredPlan: "pro") }
        return try db.transaction {
            guard try db.queryOne("SELECT 1 FROM apps WHERE adam_id = ?", [.text(request.adamId)]) != nil else {
                throw RPCError.marketNotFound("app \(request.adamId)")
            }
            let key: [SQLValue] = [.text(org.organizationId), .text(request.adamId)]
            let existing = try db.queryOne("SELECT 1 FROM watchlist WHERE organization_id = ? AND adam_id = ?", key)
            if existing != nil {
                if let note = request.note {
                    try db.run("UPDATE watchlist SET note = ? WHERE organization_id = ? AND adam_id = ?", [.text(note)] + key)
                }
            } else {
                if let allowance {
                    let used =
                        try db.scalar(
                            "SELECT count(*) FROM watchlist WHERE organization_id = ?",
                            [.text(org.organizationId)]
                        ).intValue ?? 0
                    if used >= allowance {
                        throw RPCError(
                            code: MarketErrorCode.watchlistLimit,
                            message: "The watchlist holds \(used) of \(allowance) apps; remove one before adding another.",
                            status: 409)
                    }
                }
                try db.run(
                    "INSERT INTO watchlist (organization_id, adam_id, note, created_at) VALUES (?, ?, ?, ?)",
                    key + [SQLValue(request.note), .text(now())])
            }
            let row = try db.queryOne(
                """
                SELECT w.adam_id, w.note, w.created_at, a.slug, a.name FROM watchlist w
                LEFT JOIN apps a ON a.adam_id = w.adam_id WHERE w.organization_id = ? AND w.adam_id = ?
                """, key)!
            return MarketWatchlistAdd.Response(item: Self.watchlistItem(row), created: existing == nil)
        }
    }

    public func removeFromWatchlist(_ request: MarketWatchlistRemove.Request) throws -> MarketWatchlistRemove.Response {
        try db.transaction {
            try db.run(
                "DELETE FROM watchlist WHERE organization_id = ? AND adam_id = ?",
                [.text(request.organizationId), .text(request.adamId)])
            return MarketWatchlistRemove.Response(removed: db.changes > 0)
        }
    }

    /// The watched app IDs of an organization.
    func watchedApps(_ organizationId: String) throws -> [String] {
        try db.query(
            "SELECT adam_id FROM watchlist WHERE organization_id = ? ORDER BY adam_id",
            [.text(organizationId)]
        ).compactMap { $0.string(0) }
    }
}
