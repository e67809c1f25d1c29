import Foundation
import HubStore

/// Filters of the feedback inbox; nil means any. Values must already be validated.
public struct InboxFilter: Sendable {
    public var status: String?
    public var type: String?
    public var priority: String?
    public var label: String?
    public var read: Bool?
    /// A member ID, or `""` for unassigned reports.
    public var assigneeId: String?
    /// An FTS5 expression made by `SearchExpression` over message and page title.
    public var match: String?

    public init() {}
}

/// Reads of the feedback inbox: pages, exports, one report with its replies and timeline.
extension IngestStore {
    static let inboxSelect = """
        SELECT f.*, m.name AS assignee_name, m.email AS assignee_email,
               (SELECT count(*) FROM feedback_replies r WHERE r.feedback_id = f.id) AS reply_count,
               (SELECT group_concat(label, char(31)) FROM (SELECT label FROM feedback_labels l
                 WHERE l.feedback_id = f.id ORDER BY label)) AS label_list
        FROM feedback f LEFT JOIN organization_members m ON m.id = f.assignee_id
        """

    /// The report when its project belongs to the organization; nil otherwise.
    public func inboxReport(id: String, organizationId: String) throws -> Row? {
        try db.queryOne(
            IngestStore.inboxSelect + " JOIN projects p ON p.id = f.project_id WHERE f.id = ? AND p.organization_id = ?",
            [.text(id), .text(organizationId)])
    }

    /// Newest-first reports matching `filter`, after `cursor`; up to `limit` rows and whether more follow.
    public func inboxPage(
        projectId: String, filter: InboxFilter, after cursor: (createdAt: String, id: String)?,
        limit: Int
    ) throws -> (rows: [Row], hasMore: Bool) {
        try inboxPage(projectIds: [projectId], filter: filter, after: cursor, limit: limit)
    }

    /// The same over several projects (the dashboard's inbox lists an organization's apps together).
    public func inboxPage(
        projectIds: [String], filter: InboxFilter, after cursor: (createdAt: String, id: String)?,
        limit: Int
    ) throws -> (rows: [Row], hasMore: Bool) {
        guard !projectIds.isEmpty else { return ([], false) }
        var sql =
            IngestStore.inboxSelect + " WHERE f.project_id IN (" + Array(repeating: "?", count: projectIds.count).joined(separator: ", ")
            + ")"
        var args: [SQLValue] = projectIds.map { .text($0) }
        if let status = filter.status {
            sql += " AND f.status = ?"
            args.append(.text(status))
        }
        if let type = filter.type {
            sql += " AND f.type = ?"
            args.append(.text(type))
        }
        if let priority = filter.priority {
            sql += " AND f.priority = ?"
            args.append(.text(priority))
        }
        if let label = filter.label {
            sql += " AND EXISTS (SELECT 1 FROM feedback_labels l WHERE l.feedback_id = f.id AND l.label = ?)"
            args.append(.text(label))
        }
        if let read = filter.read { sql += read ? " AND f.read_at IS NOT NULL" : " AND f.read_at IS NULL" }
        if let assignee = filter.assigneeId {
            if assignee.isEmpty {
                sql += " AND f.assignee_id IS NULL"
            } else {
                sql += " AND f.assignee_id = ?"
                args.append(.text(assignee))
            }
        }
        if let match = filter.match {
            sql += " AND f.rowid IN (SELECT rowid FROM feedback_fts WHERE feedback_fts MATCH ?)"
            args.append(.text(match))
        }
        if let cursor {
            sql += " AND (f.created_at < ? OR (f.created_at = ? AND f.id < ?))"
            args += [.text(cursor.createdAt), .text(cursor.createdAt), .text(cursor.id)]
        }
        sql += " ORDER BY f.created_at DESC, f.id DESC LIMIT ?"
        args.append(.int(Int64(limit + 1)))
        let rows = try db.query(sql, args)
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// Replies and notes of a report, oldest first, with the names of who wrote them
    /// (`author_member_name`, `author_token_name`) while those still exist.
    public func inboxReplies(feedbackId: String) throws -> [Row] {
        try db.query(
            """
            SELECT r.*, m.name AS author_member_name, t.name AS author_token_name FROM feedback_replies r
            LEFT JOIN organization_members m ON m.id = r.author_member_id LEFT JOIN api_tokens t ON t.id = r.author_token_id
            WHERE r.feedback_id = ? ORDER BY r.created_at, r.id
            """, [.text(feedbackId)])
    }

    /// The timeline of a report, oldest first.
    public func inboxEvents(feedbackId: String) throws -> [Row] {
        try db.query("SELECT * FROM feedback_events WHERE feedback_id = ? ORDER BY created_at, id", [.text(feedbackId)])
    }

    /// Appends a timeline row; call inside the transaction of the change it records.
    func appendFeedbackEvent(feedbackId: String, kind: String, detail: [String: Any], actor: String?, at: String) throws {
        let data = try JSONSerialization.data(withJSONObject: detail, options: [.sortedKeys, .withoutEscapingSlashes])
        try db.run(
            "INSERT INTO feedback_events (id, feedback_id, kind, detail, actor, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(ids.next()), .text(feedbackId), .text(kind), .text(String(decoding: data, as: UTF8.self)),
                SQLValue(actor), .text(at),
            ])
    }
}
