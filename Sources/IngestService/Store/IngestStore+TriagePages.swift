import Foundation
import HubStore

/// A report an idea came from (`feedback.promoted_idea_id`), as the idea page lists it.
public struct IdeaSourceReport: Equatable, Sendable {
    public let id: String
    public let message: String
    public let createdAt: String
}

/// Reads the dashboard's report and ideas pages need beyond the operator API's.
extension IngestStore {
    /// The labels the project's reports carry, in order, at most `limit` of them.
    public func feedbackLabels(projectId: String, limit: Int = 200) throws -> [String] {
        try db.query(
            """
            SELECT DISTINCT l.label FROM feedback_labels l JOIN feedback f ON f.id = l.feedback_id
            WHERE f.project_id = ? ORDER BY l.label LIMIT ?
            """, [.text(projectId), .int(Int64(limit))]
        ).compactMap { $0.string("label") }
    }

    /// The reports promoted to or linked with the idea, oldest first, at most `limit`.
    public func reportsOfIdea(ideaId: String, limit: Int = 50) throws -> [IdeaSourceReport] {
        try db.query(
            """
            SELECT id, message, created_at FROM feedback WHERE promoted_idea_id = ? ORDER BY created_at, id LIMIT ?
            """, [.text(ideaId), .int(Int64(limit))]
        ).map { try IdeaSourceReport(id: $0.text("id"), message: $0.text("message"), createdAt: $0.text("created_at")) }
    }

    /// How many ideas and comments of the project wait for review (the `ideas_pending` and
    /// `comments_pending` indexes hold exactly these).
    public func moderationCount(projectId: String) throws -> Int {
        let ideas =
            try db.scalar(
                "SELECT count(*) FROM ideas WHERE project_id = ? AND moderation = 'pending' AND merged_into_id IS NULL", [.text(projectId)]
            ).intValue ?? 0
        let comments =
            try db.scalar(
                "SELECT count(*) FROM comments WHERE project_id = ? AND moderation = 'pending'", [.text(projectId)]
            ).intValue ?? 0
        return ideas + comments
    }

    /// Every comment of an idea the team sees (pending and rejected included), oldest first,
    /// at most `limit`.
    public func adminComments(ideaId: String, limit: Int = 500) throws -> [AdminComment] {
        try db.query("SELECT * FROM comments WHERE idea_id = ? ORDER BY created_at, id LIMIT ?", [.text(ideaId), .int(Int64(limit))])
            .map(IngestStore.adminComment(from:))
    }

    /// Names of the API tokens among `ids` (timelines name a token by its ID).
    public func tokenNames(organizationId: String, ids: Set<String>) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try db.query(
            "SELECT id, name FROM api_tokens WHERE organization_id = ? AND id IN (\(marks))",
            [.text(organizationId)] + ids.sorted().map { .text($0) })
        return Dictionary(
            rows.compactMap { row in row.string("id").map { ($0, row.string("name") ?? "") } }, uniquingKeysWith: { a, _ in a })
    }
}
