import HubStore

extension IngestStore {
    /// The newest reports no team member has opened and nobody has moved on from `todo`, of
    /// several projects, by `feedback_new` (which holds only those).
    public func newNotificationReports(projectIds: [String], limit: Int) throws -> [Row] {
        guard !projectIds.isEmpty else { return [] }
        return try db.query(
            """
            SELECT id, project_id, type, substr(message, 1, 200) AS message, created_at FROM feedback INDEXED BY feedback_new
            WHERE project_id IN (\(Array(repeating: "?", count: projectIds.count).joined(separator: ", ")))
              AND status = 'todo' AND read_at IS NULL
            ORDER BY created_at DESC, id DESC LIMIT ?
            """, projectIds.map { .text($0) } + [.int(Int64(limit))])
    }
}
