import Foundation
import HubMessaging
import HubStore

extension MarketStore {
    static func favorite(_ r: Row) throws -> MarketFavorite {
        let storefront = r.string("storefront") ?? ""
        return try MarketFavorite(
            id: r.text("id"), kind: MarketFavoriteKind(rawValue: r.text("kind")) ?? .app,
            itemId: r.text("item_id"), storefront: storefront.isEmpty ? nil : storefront,
            folderId: r.string("folder_id"), createdAt: r.text("created_at"), name: r.string("app_name"))
    }

    func folder(organizationId: String, id: String) throws -> MarketFavoriteFolder {
        guard
            let r = try db.queryOne(
                """
                SELECT f.*, (SELECT count(*) FROM favorites WHERE folder_id = f.id) AS item_count
                FROM favorite_folders f WHERE f.id = ? AND f.organization_id = ?
                """, [.text(id), .text(organizationId)])
        else { throw RPCError.marketNotFound("folder") }
        return try MarketFavoriteFolder(
            id: r.text("id"), kind: MarketFavoriteKind(rawValue: r.text("kind")) ?? .app,
            name: r.text("name"), itemCount: r.int("item_count") ?? 0, createdAt: r.text("created_at"))
    }

    public func favorites(_ request: MarketFavoritesList.Request) throws -> MarketFavoritesList.Response {
        // One join names the app favorites (the catalog's primary key), so a list is one query.
        var sql = """
            SELECT f.*, a.name AS app_name FROM favorites f
            LEFT JOIN apps a ON f.kind = 'app' AND a.adam_id = f.item_id
            WHERE f.organization_id = ? AND f.kind = ?
            """
        var args: [SQLValue] = [.text(request.organizationId), .text(request.kind.rawValue)]
        if let folderId = request.folderId {
            guard try folder(organizationId: request.organizationId, id: folderId).kind == request.kind else {
                throw RPCError.marketNotFound("folder")
            }
            sql += " AND f.folder_id = ?"
            args.append(.text(folderId))
        }
        return .init(items: try db.query(sql + " ORDER BY f.created_at DESC, f.id DESC", args).map(Self.favorite))
    }

    public func saveFavorite(_ request: MarketFavoriteSave.Request) throws -> MarketFavoriteSave.Response {
        var problems: [String: [String]] = [:]
        if request.itemId.isEmpty || request.itemId.count > 200 { problems["itemId"] = ["must be 1-200 characters"] }
        if let storefront = request.storefront,
            MarketChartQuery(storefront: storefront, chart: MarketChartQuery.charts[0]).problems()["storefront"] != nil
        {
            problems["storefront"] = ["must be a two-letter lowercase country code"]
        }
        if !problems.isEmpty { throw RPCError.marketInvalidPayload(problems) }
        return try db.transaction {
            if let folderId = request.folderId {
                guard try folder(organizationId: request.organizationId, id: folderId).kind == request.kind else {
                    throw RPCError.marketInvalidPayload(["folderId": ["is a folder of another kind"]])
                }
            }
            let key: [SQLValue] = [
                .text(request.organizationId), .text(request.kind.rawValue), .text(request.itemId),
                .text(request.storefront ?? ""),
            ]
            if let existing = try db.queryOne(
                """
                SELECT id FROM favorites WHERE organization_id = ? AND kind = ? AND item_id = ? AND storefront = ?
                """, key)
            {
                try db.run("UPDATE favorites SET folder_id = ? WHERE id = ?", [SQLValue(request.folderId), existing["id"]])
                let row = try db.queryOne("SELECT * FROM favorites WHERE id = ?", [existing["id"]])!
                return .init(favorite: try Self.favorite(row), created: false)
            }
            let used =
                try db.scalar(
                    "SELECT count(*) FROM favorites WHERE organization_id = ? AND kind = ?",
                    [.text(request.organizationId), .text(request.kind.rawValue)]
                ).intValue ?? 0
            if used >= MarketFavoriteLimits.favorites {
                throw RPCError(
                    code: MarketErrorCode.favoritesLimit,
                    message: "At most \(MarketFavoriteLimits.favorites) favorites of one kind.", status: 409)
            }
            let id = ids.next()
            try db.run(
                """
                INSERT INTO favorites (id, organization_id, kind, item_id, storefront, folder_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(id)] + key + [SQLValue(request.folderId), .text(now())])
            return .init(favorite: try Self.favorite(db.queryOne("SELECT * FROM favorites WHERE id = ?", [.text(id)])!), created: true)
        }
    }

    public func removeFavorite(_ ref: MarketOwnedRef) throws -> MarketWatchlistRemove.Response {
        try db.transaction {
            try db.run("DELETE FROM favorites WHERE id = ? AND organization_id = ?", [.text(ref.id), .text(ref.organizationId)])
            return .init(removed: db.changes > 0)
        }
    }

    public func folders(_ request: MarketFoldersList.Request) throws -> MarketFoldersList.Response {
        let rows = try db.query(
            """
            SELECT f.id FROM favorite_folders f WHERE f.organization_id = ? AND f.kind = ? ORDER BY f.name_key, f.id
            """, [.text(request.organizationId), .text(request.kind.rawValue)])
        return .init(items: try rows.map { try folder(organizationId: request.organizationId, id: $0.text("id")) })
    }

    /// A folder name trimmed and checked: 1–60 characters.
    static func folderName(_ raw: String) throws -> (name: String, key: String) {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard MarketFavoriteLimits.folderName.contains(name.count) else {
            throw RPCError.marketInvalidPayload(["name": ["must be 1-60 characters after trimming"]])
        }
        return (name, name.lowercased())
    }

    static func nameTaken() -> RPCError {
        RPCError(
            code: MarketErrorCode.folderNameTaken, message: "A folder of this kind already has this name.", status: 409,
            fields: ["name": ["is already used by another folder of this kind"]])
    }

    public func createFolder(_ request: MarketFolderCreate.Request) throws -> MarketFavoriteFolder {
        let (name, key) = try Self.folderName(request.name)
        return try db.transaction {
            let args: [SQLValue] = [.text(request.organizationId), .text(request.kind.rawValue)]
            if try db.queryOne(
                "SELECT 1 FROM favorite_folders WHERE organization_id = ? AND kind = ? AND name_key = ?",
                args + [.text(key)]) != nil
            {
                throw Self.nameTaken()
            }
            let used = try db.scalar("SELECT count(*) FROM favorite_folders WHERE organization_id = ? AND kind = ?", args).intValue ?? 0
            if used >= MarketFavoriteLimits.folders {
                throw RPCError(
                    code: MarketErrorCode.folderLimit, message: "At most \(MarketFavoriteLimits.folders) folders of one kind.",
                    status: 409)
            }
            let id = ids.next()
            try db.run(
                "INSERT INTO favorite_folders (id, organization_id, kind, name, name_key, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [.text(id)] + args + [.text(name), .text(key), .text(now())])
            return try folder(organizationId: request.organizationId, id: id)
        }
    }

    public func renameFolder(_ request: MarketFolderRename.Request) throws -> MarketFavoriteFolder {
        let (name, key) = try Self.folderName(request.name)
        return try db.transaction {
            let current = try folder(organizationId: request.organizationId, id: request.id)
            if try db.queryOne(
                "SELECT 1 FROM favorite_folders WHERE organization_id = ? AND kind = ? AND name_key = ? AND id != ?",
                [.text(request.organizationId), .text(current.kind.rawValue), .text(key), .text(request.id)]) != nil
            {
                throw Self.nameTaken()
            }
            try db.run("UPDATE favorite_folders SET name = ?, name_key = ? WHERE id = ?", [.text(name), .text(key), .text(request.id)])
            return try folder(organizationId: request.organizationId, id: request.id)
        }
    }

    /// Deletes a folder; its favorites stay, in All only.
    public func deleteFolder(_ ref: MarketOwnedRef) throws -> MarketWatchlistRemove.Response {
        try db.transaction {
            try db.run(
                "UPDATE favorites SET folder_id = NULL WHERE folder_id = ? AND organization_id = ?",
                [.text(ref.id), .text(ref.organizationId)])
            try db.run("DELETE FROM favorite_folders WHERE id = ? AND organization_id = ?", [.text(ref.id), .text(ref.organizationId)])
            return .init(removed: db.changes > 0)
        }
    }
}
