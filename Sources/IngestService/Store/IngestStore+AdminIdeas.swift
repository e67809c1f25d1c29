import Foundation
import HubHTTPServer
import HubStore

/// Filters of the operator's idea list; nil means any.
public struct AdminIdeaFilter: Sendable {
    public var boardSlug: String?
    public var statusSlug: String?
    public var moderation: String?
    /// An FTS5 expression from `SearchExpression` over title and description; nil for no search.
    public var match: String?

    public init(boardSlug: String? = nil, statusSlug: String? = nil, moderation: String? = nil) {
        self.boardSlug = boardSlug
        self.statusSlug = statusSlug
        self.moderation = moderation
    }
}

/// Operator edits of an idea; nil leaves a field as it is.
public struct AdminIdeaChanges: Sendable {
    public var title: String?
    public var description: String?
    public var statusSlug: String?
    public var pinned: Bool?
    public var boardSlug: String?

    public init() {}
}

extension IngestStore {
    static let adminIdeaSelect = """
        SELECT i.*, b.slug AS board_slug, s.slug AS status_slug, s.label AS status_label, s.color AS status_color
        FROM ideas i JOIN boards b ON b.id = i.board_id LEFT JOIN board_statuses s ON s.id = i.status_id
        """

    static func adminIdea(from row: Row) throws -> AdminIdea {
        let status = row.string("status_slug").map {
            AdminIdea.Status(slug: $0, label: row.string("status_label") ?? $0, color: row.string("status_color") ?? "#6B7280")
        }
        return try AdminIdea(
            id: row.text("id"), projectId: row.text("project_id"), slug: row.text("slug"),
            boardSlug: row.text("board_slug"), title: row.text("title"),
            description: row.string("description") ?? "", authorName: row.string("author_name"),
            authorEmail: row.string("author_email"), status: status, voteCount: row.int("vote_count") ?? 0,
            commentCount: row.int("comment_count") ?? 0, pinned: row.bool("pinned") ?? false,
            moderation: row.string("moderation"), mergedInto: row.string("merged_into_id"),
            createdAt: row.text("created_at"), lastActivityAt: row.text("last_activity_at"))
    }

    /// An idea of this organization as it is (merged or not); nil for another organization's idea.
    public func adminIdea(id: String, organizationId: String) throws -> AdminIdea? {
        try db.queryOne(
            IngestStore.adminIdeaSelect + " JOIN projects p ON p.id = i.project_id WHERE i.id = ? AND p.organization_id = ?",
            [.text(id), .text(organizationId)]
        ).map(IngestStore.adminIdea(from:))
    }

    /// The idea an idea ID stands for now: itself, or the end of its chain of merges.
    public func resolveMerged(ideaId: String) throws -> String {
        var current = ideaId
        // Merges refuse merged targets and re-point earlier merges, so chains stay short; the bound guards bad data.
        for _ in 0..<32 {
            guard let next = try db.scalar("SELECT merged_into_id FROM ideas WHERE id = ?", [.text(current)]).stringValue else {
                return current
            }
            current = next
        }
        return current
    }

    /// One newest-first page of the project's ideas, pending and rejected ones included,
    /// merged ones excluded. Returns up to `limit` ideas and whether more follow.
    public func adminIdeas(
        projectId: String, filter: AdminIdeaFilter, after cursor: (createdAt: String, id: String)?,
        limit: Int
    ) throws -> (items: [AdminIdea], hasMore: Bool) {
        var sql = IngestStore.adminIdeaSelect + " WHERE i.project_id = ? AND i.merged_into_id IS NULL"
        var args: [SQLValue] = [.text(projectId)]
        if let board = filter.boardSlug {
            sql += " AND b.slug = ?"
            args.append(.text(board))
        }
        if let status = filter.statusSlug {
            sql += " AND s.slug = ?"
            args.append(.text(status))
        }
        if let moderation = filter.moderation {
            sql += " AND i.moderation = ?"
            args.append(.text(moderation))
        }
        if let match = filter.match {
            sql += " AND i.rowid IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH ?)"
            args.append(.text(match))
        }
        if let cursor {
            sql += " AND (i.created_at < ? OR (i.created_at = ? AND i.id < ?))"
            args += [.text(cursor.createdAt), .text(cursor.createdAt), .text(cursor.id)]
        }
        sql += " ORDER BY i.created_at DESC, i.id DESC LIMIT ?"
        args.append(.int(Int64(limit + 1)))
        let ideas = try db.query(sql, args).map(IngestStore.adminIdea(from:))
        return (Array(ideas.prefix(limit)), ideas.count > limit)
    }

    /// Applies operator edits. The slug never changes; a new board resets the status to that
    /// board's default unless a status is named; a status change bumps `last_activity_at`.
    /// Unknown board or status slugs are 400 `INVALID_PAYLOAD`; a merged idea is 409 `IDEA_MERGED`.
    public func updateIdea(id: String, changes: AdminIdeaChanges) throws -> AdminIdea {
        try db.transaction {
            guard let row = try db.queryOne("SELECT * FROM ideas WHERE id = ?", [.text(id)]) else { throw APIError.adminNotFound("idea") }
            if row.string("merged_into_id") != nil { throw APIError.ideaMerged }
            let projectId = try row.text("project_id")
            let oldStatus = row.string("status_id")
            var boardId = try row.text("board_id")
            var statusId = oldStatus
            var errors = FieldErrors()
            if let slug = changes.boardSlug {
                if let board = try db.scalar(
                    "SELECT id FROM boards WHERE project_id = ? AND slug = ?",
                    [.text(projectId), .text(slug)]
                ).stringValue {
                    if board != boardId {
                        boardId = board
                        statusId = try db.scalar(
                            "SELECT id FROM board_statuses WHERE board_id = ? AND is_default = 1",
                            [.text(board)]
                        ).stringValue
                    }
                } else {
                    errors.add("board", "no board of this project has this slug")
                }
            }
            if let slug = changes.statusSlug, errors.isEmpty {
                if let status = try db.scalar(
                    "SELECT id FROM board_statuses WHERE board_id = ? AND slug = ?",
                    [.text(boardId), .text(slug)]
                ).stringValue {
                    statusId = status
                } else {
                    errors.add("status", "the idea's board has no status with this slug")
                }
            }
            try errors.throwIfAny()
            let at = now()
            try db.run(
                """
                UPDATE ideas SET title = ?, description = ?, board_id = ?, status_id = ?, pinned = ?, updated_at = ?,
                       last_activity_at = CASE WHEN ? THEN ? ELSE last_activity_at END
                WHERE id = ?
                """,
                [
                    .text(changes.title ?? row.text("title")), .text(changes.description ?? row.string("description") ?? ""),
                    .text(boardId), SQLValue(statusId), SQLValue(changes.pinned ?? row.bool("pinned") ?? false), .text(at),
                    SQLValue(statusId != oldStatus), .text(at), .text(id),
                ])
            return try db.queryOne(IngestStore.adminIdeaSelect + " WHERE i.id = ?", [.text(id)]).map(IngestStore.adminIdea(from:))!
        }
    }

    /// An official team comment: never moderated, counted at once, and bumps the idea's activity.
    public func createOfficialComment(ideaId: String, body: String, authorName: String?) throws -> AdminComment {
        try db.transaction {
            guard let projectId = try db.scalar("SELECT project_id FROM ideas WHERE id = ?", [.text(ideaId)]).stringValue else {
                throw APIError.adminNotFound("idea")
            }
            let comment = AdminComment(
                id: ids.next(), ideaId: ideaId, authorName: authorName, authorEmail: nil, body: body,
                official: true, moderation: nil, createdAt: now())
            try db.run(
                """
                INSERT INTO comments (id, idea_id, project_id, body, author_name, official, moderation, created_at)
                VALUES (?, ?, ?, ?, ?, 1, NULL, ?)
                """, [.text(comment.id), .text(ideaId), .text(projectId), .text(body), SQLValue(authorName), .text(comment.createdAt)])
            try recountComments(ideaId: ideaId)
            try db.run(
                "UPDATE ideas SET last_activity_at = ?, updated_at = ? WHERE id = ?",
                [.text(comment.createdAt), .text(comment.createdAt), .text(ideaId)])
            return comment
        }
    }
}
