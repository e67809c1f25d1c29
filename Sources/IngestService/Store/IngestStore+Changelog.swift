import Foundation
import HubHTTPServer
import HubStore

/// A changelog entry: a `draft` until published; only published entries are public.
public struct ChangelogEntry: Equatable, Sendable {
    public let id: String
    public let projectId: String
    public let title: String
    public let body: String
    public let state: String
    public let publishedAt: String?
    public let createdAt: String
    public let updatedAt: String

    var json: [String: Any] {
        [
            "id": id, "projectId": projectId, "title": title, "body": body, "state": state,
            "publishedAt": publishedAt.map { $0 as Any } ?? NSNull(), "createdAt": createdAt, "updatedAt": updatedAt,
        ]
    }
}

extension IngestStore {
    static func changelogEntry(from row: Row) throws -> ChangelogEntry {
        try ChangelogEntry(
            id: row.text("id"), projectId: row.text("project_id"), title: row.text("title"),
            body: row.text("body"), state: row.text("state"), publishedAt: row.string("published_at"),
            createdAt: row.text("created_at"), updatedAt: row.text("updated_at"))
    }

    /// An entry of this organization; nil for another organization's entry.
    public func changelogEntry(id: String, organizationId: String) throws -> ChangelogEntry? {
        try db.queryOne(
            """
            SELECT c.* FROM changelog_entries c JOIN projects p ON p.id = c.project_id WHERE c.id = ? AND p.organization_id = ?
            """, [.text(id), .text(organizationId)]
        ).map(IngestStore.changelogEntry(from:))
    }

    /// Drafts and published entries, newest created first.
    public func changelogEntries(
        projectId: String, after cursor: (createdAt: String, id: String)?,
        limit: Int
    ) throws -> (items: [ChangelogEntry], hasMore: Bool) {
        var sql = "SELECT * FROM changelog_entries WHERE project_id = ?"
        var args: [SQLValue] = [.text(projectId)]
        if let cursor {
            sql += " AND (created_at < ? OR (created_at = ? AND id < ?))"
            args += [.text(cursor.createdAt), .text(cursor.createdAt), .text(cursor.id)]
        }
        sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
        args.append(.int(Int64(limit + 1)))
        let rows = try db.query(sql, args).map(IngestStore.changelogEntry(from:))
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// Published entries, newest published first.
    public func publishedChangelog(
        projectId: String, after cursor: (publishedAt: String, id: String)?,
        limit: Int
    ) throws -> [ChangelogEntry] {
        var sql = "SELECT * FROM changelog_entries WHERE project_id = ? AND state = 'published' AND published_at IS NOT NULL"
        var args: [SQLValue] = [.text(projectId)]
        if let cursor {
            sql += " AND (published_at < ? OR (published_at = ? AND id < ?))"
            args += [.text(cursor.publishedAt), .text(cursor.publishedAt), .text(cursor.id)]
        }
        sql += " ORDER BY published_at DESC, id DESC LIMIT ?"
        args.append(.int(Int64(limit)))
        return try db.query(sql, args).map(IngestStore.changelogEntry(from:))
    }

    public func createChangelogEntry(projectId: String, title: String, body: String) throws -> ChangelogEntry {
        try db.transaction {
            let id = ids.next()
            let at = now()
            try db.run(
                """
                INSERT INTO changelog_entries (id, project_id, title, body, state, created_at, updated_at) VALUES (?, ?, ?, ?, 'draft', ?, ?)
                """, [.text(id), .text(projectId), .text(title), .text(body), .text(at), .text(at)])
            return ChangelogEntry(
                id: id, projectId: projectId, title: title, body: body, state: "draft", publishedAt: nil,
                createdAt: at, updatedAt: at)
        }
    }

    /// Edits title and/or body; a published entry stays published with its timestamp.
    public func updateChangelogEntry(id: String, title: String?, body: String?) throws -> ChangelogEntry {
        try db.transaction {
            try db.run(
                "UPDATE changelog_entries SET title = coalesce(?, title), body = coalesce(?, body), updated_at = ? WHERE id = ?",
                [SQLValue(title), SQLValue(body), .text(now()), .text(id)])
            return try reloadChangelogEntry(id)
        }
    }

    /// Publishing an entry that is already published keeps its first `published_at`;
    /// unpublishing clears it, so a later publish stamps the new time.
    public func setChangelogPublished(id: String, _ published: Bool) throws -> ChangelogEntry {
        try db.transaction {
            let at = now()
            if published {
                try db.run(
                    """
                    UPDATE changelog_entries SET state = 'published', published_at = ?, updated_at = ? WHERE id = ? AND state = 'draft'
                    """, [.text(at), .text(at), .text(id)])
            } else {
                try db.run(
                    """
                    UPDATE changelog_entries SET state = 'draft', published_at = NULL, updated_at = ? WHERE id = ? AND state = 'published'
                    """, [.text(at), .text(id)])
            }
            return try reloadChangelogEntry(id)
        }
    }

    public func deleteChangelogEntry(id: String) throws {
        try db.run("DELETE FROM changelog_entries WHERE id = ?", [.text(id)])
    }

    private func reloadChangelogEntry(_ id: String) throws -> ChangelogEntry {
        guard let row = try db.queryOne("SELECT * FROM changelog_entries WHERE id = ?", [.text(id)]) else {
            throw APIError.adminNotFound("changelog entry")
        }
        return try IngestStore.changelogEntry(from: row)
    }
}
