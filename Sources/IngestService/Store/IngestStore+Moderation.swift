import Foundation
import HubHTTPServer
import HubStore

/// An operator's moderation decision.
public enum ModerationDecision: String, Sendable {
    case approved, rejected
}

extension IngestStore {
    /// Comments the public sees; `comment_count` counts exactly these.
    static let visibleCommentCondition = "(moderation IS NULL OR moderation = 'approved')"

    static func adminComment(from row: Row) throws -> AdminComment {
        try AdminComment(
            id: row.text("id"), ideaId: row.text("idea_id"), authorName: row.string("author_name"),
            authorEmail: row.string("author_email"), body: row.text("body"), official: row.bool("official") ?? false,
            moderation: row.string("moderation"), createdAt: row.text("created_at"))
    }

    /// Sets `comment_count` from the visible comments. Call inside the transaction that changed them.
    func recountComments(ideaId: String) throws {
        try db.run(
            "UPDATE ideas SET comment_count = (SELECT count(*) FROM comments WHERE idea_id = ideas.id AND "
                + IngestStore.visibleCommentCondition + ") WHERE id = ?", [.text(ideaId)])
    }

    /// The project's pending ideas and pending comments, oldest first, at most `limit` of each
    /// (comments of merged ideas were moved with them, so none is left behind).
    public func moderationQueue(projectId: String, limit: Int = 100) throws -> (ideas: [AdminIdea], comments: [AdminComment]) {
        let ideas = try db.query(
            IngestStore.adminIdeaSelect + """
                 WHERE i.project_id = ? AND i.moderation = 'pending' AND i.merged_into_id IS NULL
                 ORDER BY i.created_at, i.id LIMIT ?
                """, [.text(projectId), .int(Int64(limit))]
        ).map(IngestStore.adminIdea(from:))
        let comments = try db.query(
            """
            SELECT * FROM comments WHERE project_id = ? AND moderation = 'pending' ORDER BY created_at, id LIMIT ?
            """, [.text(projectId), .int(Int64(limit))]
        ).map(IngestStore.adminComment(from:))
        return (ideas, comments)
    }

    /// Approves or rejects an idea (from any state, so an operator can also hide an idea of
    /// an unmoderated board); 409 `IDEA_MERGED` for a merged idea.
    public func moderateIdea(id: String, decision: ModerationDecision) throws -> AdminIdea {
        try db.transaction {
            guard let row = try db.queryOne("SELECT merged_into_id FROM ideas WHERE id = ?", [.text(id)]) else {
                throw APIError.adminNotFound("idea")
            }
            if row.string("merged_into_id") != nil { throw APIError.ideaMerged }
            try db.run("UPDATE ideas SET moderation = ?, updated_at = ? WHERE id = ?", [.text(decision.rawValue), .text(now()), .text(id)])
            return try db.queryOne(IngestStore.adminIdeaSelect + " WHERE i.id = ?", [.text(id)]).map(IngestStore.adminIdea(from:))!
        }
    }

    /// A comment of this organization; nil for another organization's comment.
    public func adminComment(id: String, organizationId: String) throws -> AdminComment? {
        try db.queryOne(
            """
            SELECT c.* FROM comments c JOIN projects p ON p.id = c.project_id WHERE c.id = ? AND p.organization_id = ?
            """, [.text(id), .text(organizationId)]
        ).map(IngestStore.adminComment(from:))
    }

    /// Approves or rejects a comment and recounts its idea's visible comments in the same transaction.
    public func moderateComment(id: String, decision: ModerationDecision) throws -> AdminComment {
        try db.transaction {
            guard let ideaId = try db.scalar("SELECT idea_id FROM comments WHERE id = ?", [.text(id)]).stringValue else {
                throw APIError.adminNotFound("comment")
            }
            try db.run("UPDATE comments SET moderation = ? WHERE id = ?", [.text(decision.rawValue), .text(id)])
            try recountComments(ideaId: ideaId)
            return try db.queryOne("SELECT * FROM comments WHERE id = ?", [.text(id)]).map(IngestStore.adminComment(from:))!
        }
    }
}
