import Foundation
import HubStore

/// What the dashboard's inbox asks of the reports besides a page of them.
extension IngestStore {
    /// Labels in use on the reports of these projects, in order, at most `limit`.
    public func inboxLabels(projectIds: [String], limit: Int = 100) throws -> [String] {
        guard !projectIds.isEmpty else { return [] }
        let places = Array(repeating: "?", count: projectIds.count).joined(separator: ", ")
        return try db.query(
            """
            SELECT DISTINCT l.label FROM feedback_labels l JOIN feedback f ON f.id = l.feedback_id
            WHERE f.project_id IN (\(places)) ORDER BY l.label LIMIT ?
            """, projectIds.map { .text($0) } + [.int(Int64(limit))]
        ).compactMap { $0.string("label") }
    }
}
