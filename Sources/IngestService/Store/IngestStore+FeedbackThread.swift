import Foundation

extension IngestStore {
    /// The report `id` of `projectId` if `authorEmail` (a verified identity) wrote it, with
    /// its public staff replies oldest first; nil for anyone else, so a stranger cannot tell
    /// a report exists.
    func feedbackThread(projectId: String, id: String, authorEmail: String) throws -> FeedbackThread? {
        guard
            let row = try db.queryOne(
                """
                SELECT id, type, status, message, created_at, updated_at FROM feedback
                WHERE id = ? AND project_id = ? AND author_email = ?
                """, [.text(id), .text(projectId), .text(authorEmail)])
        else { return nil }
        let replies = try db.query(
            """
            SELECT id, message, created_at FROM feedback_replies WHERE feedback_id = ? AND internal = 0 ORDER BY created_at, id
            """, [.text(id)]
        ).map {
            try FeedbackThread.Reply(id: $0.text("id"), message: $0.text("message"), createdAt: $0.text("created_at"))
        }
        return try FeedbackThread(
            id: row.text("id"), type: row.text("type"), status: row.text("status"),
            message: row.text("message"), createdAt: row.text("created_at"),
            updatedAt: row.text("updated_at"), replies: replies)
    }
}
