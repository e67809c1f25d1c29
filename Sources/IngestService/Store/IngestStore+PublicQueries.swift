import Foundation
import HubCrypto
import HubStore

/// The public community reads: keyset pages of visible ideas and comments.
extension IngestStore {
    /// The HMAC key of page cursors: random, made on first use and kept in `daemon_meta`,
    /// so cursors survive restarts but mean nothing to another store.
    public func pageCursorKey() throws -> [UInt8] {
        try db.transaction {
            try db.run(
                "INSERT OR IGNORE INTO daemon_meta (key, value) VALUES ('cursor_key', ?)",
                [.text(Hex.encode(SecureRandom.bytes(32)))])
            let text = try db.scalar("SELECT value FROM daemon_meta WHERE key = 'cursor_key'").stringValue ?? ""
            guard let key = Hex.decode(text), key.count >= 16 else {
                throw StoreError.constraint(message: "daemon_meta.cursor_key is not a hex key")
            }
            return key
        }
    }

    /// Up to `limit` visible ideas of a project in `filter.sort` order, after `after` (a
    /// position from `IdeaSort.position(of:)`), with `hasVoted` for `viewerKey`; one query.
    public func publicIdeaPage(
        projectId: String, filter: IdeaListFilter, after: [SQLValue]?, limit: Int,
        viewerKey: String?
    ) throws -> [CommunityIdea] {
        var sql = CommunityIdea.selectSQL
        var args: [SQLValue] = [SQLValue(viewerKey)]
        if let boardId = filter.boardId {
            sql += " WHERE i.board_id = ?"
            args.append(.text(boardId))
        } else {
            sql += " WHERE i.project_id = ?"
            args.append(.text(projectId))
        }
        sql += " AND " + CommunityIdea.visibleSQL
        if let statusIds = filter.statusIds {
            sql += " AND i.status_id IN (" + Array(repeating: "?", count: statusIds.count).joined(separator: ",") + ")"
            args += statusIds.map { .text($0) }
        }
        if let match = filter.match {
            sql += " AND i.rowid IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH ?)"
            args.append(.text(match))
        }
        let column = "i." + filter.sort.column
        if let after {
            sql += " AND (i.pinned, \(column), i.id) < (?, ?, ?)"
            args += after
        }
        sql += " ORDER BY i.pinned DESC, \(column) DESC, i.id DESC LIMIT ?"
        args.append(.int(Int64(limit)))
        return try db.query(sql, args).map(CommunityIdea.init(row:))
    }

    /// Up to `limit` visible comments of an idea, oldest first, after (`createdAt`, `id`).
    public func publicCommentPage(ideaId: String, after: (createdAt: String, id: String)?, limit: Int) throws -> [CommunityComment] {
        var sql = CommunityComment.selectSQL + " WHERE c.idea_id = ? AND " + CommunityComment.visibleSQL
        var args: [SQLValue] = [.text(ideaId)]
        if let after {
            sql += " AND (c.created_at, c.id) > (?, ?)"
            args += [.text(after.createdAt), .text(after.id)]
        }
        sql += " ORDER BY c.created_at, c.id LIMIT ?"
        args.append(.int(Int64(limit)))
        return try db.query(sql, args).map(CommunityComment.init(row:))
    }
}
