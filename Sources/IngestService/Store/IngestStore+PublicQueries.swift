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
    /// position from `IdeaSort.position(of:)`), with `hasVoted` for `viewerKey`; one statement.
    ///
    /// Each order is an index per board (`ideas_visible_board_{top,recent,discussed}`); there are
    /// none per project, so a new idea or vote updates one index of each order, not two
    /// (`0028_idea_lists_by_board_only`). A page of several boards reads the next `limit` of each
    /// board from its index and merges them: one index seek a board, and the same order, ties
    /// and cursors as a single index would give.
    public func publicIdeaPage(
        projectId: String, filter: IdeaListFilter, after: [SQLValue]?, limit: Int,
        viewerKey: String?
    ) throws -> [CommunityIdea] {
        guard let query = try publicIdeaPageQuery(projectId: projectId, filter: filter, after: after, limit: limit, viewerKey: viewerKey)
        else { return [] }
        return try db.query(query.sql, query.args).map(CommunityIdea.init(row:))
    }

    /// The statement `publicIdeaPage` runs (nil for a project without boards): a board's
    /// page, or a merge of each board's.
    func publicIdeaPageQuery(
        projectId: String, filter: IdeaListFilter, after: [SQLValue]?, limit: Int, viewerKey: String?
    ) throws -> (sql: String, args: [SQLValue])? {
        let boardIds: [String]
        if let boardId = filter.boardId {
            boardIds = [boardId]
        } else {
            boardIds = try boards(projectId: projectId).map(\.id)  // cached until a board changes
        }
        guard !boardIds.isEmpty else { return nil }
        // ?1 the viewer's key (`CommunityIdea.selectSQL`), ?2 the project, ?3 the limit; the rest
        // numbered as they are added.
        var args: [SQLValue] = [SQLValue(viewerKey), .text(projectId), .int(Int64(limit))]
        func parameter(_ value: SQLValue) -> String {
            args.append(value)
            return "?\(args.count)"
        }
        var conditions = " AND i.project_id = ?2 AND " + CommunityIdea.visibleSQL
        if let statusIds = filter.statusIds {
            conditions += " AND i.status_id IN (" + statusIds.map { parameter(.text($0)) }.joined(separator: ",") + ")"
        }
        if let match = filter.match {
            // Each board's arm makes its own set of the matches to look its ideas up in. A
            // materialized common table expression would search once, but copying the matches
            // out and into each set doubled the time of a search matching every idea (bench/RESULTS.md,
            // issue 29's sixteenth pass).
            conditions += " AND i.rowid IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH \(parameter(.text(match))))"
        }
        let column = "i." + filter.sort.column
        if let after {
            conditions += " AND (i.pinned, \(column), i.id) < (" + after.map(parameter).joined(separator: ", ") + ")"
        }
        let order = " ORDER BY i.pinned DESC, \(column) DESC, i.id DESC LIMIT ?3"
        let arms = boardIds.map { CommunityIdea.selectSQL + " WHERE i.board_id = " + parameter(.text($0)) + conditions + order }
        guard arms.count > 1 else { return (arms[0], args) }
        let merged =
            arms.map { "SELECT * FROM (" + $0 + ")" }.joined(separator: " UNION ALL ")
            + " ORDER BY pinned DESC, \(filter.sort.column) DESC, id DESC LIMIT ?3"
        return (merged, args)
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
