import HubStore

/// Community comments.
extension IngestStore {
    /// Adds a participant's comment in one transaction. On a board moderating comments it
    /// waits as `pending`; otherwise it is public at once and bumps the idea's
    /// `comment_count` and `last_activity_at`. Texts must already be validated.
    public func submitComment(
        idea: CommunityIdea, moderated: Bool, body: String, authorName: String?,
        authorEmail: String?, authorKey: String?
    ) throws -> CommunityComment {
        try db.transaction {
            let id = ids.next()
            let at = now()
            try db.run(
                """
                INSERT INTO comments (id, idea_id, project_id, body, author_name, author_email, author_key, official, moderation, created_at)
                SELECT ?, id, project_id, ?, ?, ?, ?, 0, ?, ? FROM ideas WHERE id = ?
                """,
                [
                    .text(id), .text(body), SQLValue(authorName), SQLValue(authorEmail), SQLValue(authorKey),
                    moderated ? .text("pending") : .null, .text(at), .text(idea.id),
                ])
            if !moderated {
                try db.run(
                    "UPDATE ideas SET comment_count = comment_count + 1, last_activity_at = ? WHERE id = ?",
                    [.text(at), .text(idea.id)])
            }
            return try db.queryOne(CommunityComment.selectSQL + " WHERE c.id = ?", [.text(id)]).map(CommunityComment.init(row:))!
        }
    }
}
