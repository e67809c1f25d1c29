import Foundation
import HubRuntime
import HubStore

/// The retention setting of an organization and the report screenshots it removes.
extension IngestStore {
    /// The organization's retention in days; nil when off.
    public func mediaRetentionDays(organizationId: String) throws -> Int? {
        try db.queryOne("SELECT media_retention_days FROM organizations WHERE id = ?", [.text(organizationId)])?
            .int64("media_retention_days").map(Int.init)
    }

    /// Sets (or with nil turns off) the organization's retention.
    public func setMediaRetentionDays(organizationId: String, days: Int?) throws {
        try db.transaction {
            try db.run(
                "UPDATE organizations SET media_retention_days = ? WHERE id = ?",
                [SQLValue(days.map(Int64.init)), .text(organizationId)])
        }
    }

    /// Every organization with retention on, with its projects.
    public func mediaRetentionPolicies() throws -> [MediaRetention.Policy] {
        try db.query("SELECT id, media_retention_days FROM organizations WHERE media_retention_days IS NOT NULL ORDER BY id")
            .map { row in
                let id = try row.text("id")
                let projects = try db.query("SELECT id FROM projects WHERE organization_id = ? ORDER BY id", [.text(id)])
                return MediaRetention.Policy(
                    organizationId: id, days: Int(try row.integer("media_retention_days")),
                    projectIds: try projects.map { try $0.text("id") })
            }
    }

    /// Reports of `projectIds` received before `before` that still hold a screenshot, oldest
    /// first, at most `limit`: their IDs and object keys.
    public func screenshotsPastRetention(projectIds: [String], before: String, limit: Int) throws -> [(id: String, key: String)] {
        guard !projectIds.isEmpty else { return [] }
        return try db.query(
            """
            SELECT id, screenshot_key FROM feedback
            WHERE project_id IN (\(Array(repeating: "?", count: projectIds.count).joined(separator: ", ")))
              AND screenshot_key IS NOT NULL AND created_at < ?
            ORDER BY created_at LIMIT ?
            """, projectIds.map { .text($0) } + [.text(before), .int(Int64(limit))]
        ).map { (try $0.text("id"), try $0.text("screenshot_key")) }
    }

    /// Records that the retention policy removed the report's screenshot (its object already
    /// deleted): the key is cleared, the facts stay, and the time says when.
    public func markScreenshotRemoved(feedbackId: String, key: String) throws {
        try db.transaction {
            try db.run(
                "UPDATE feedback SET screenshot_key = NULL, screenshot_removed_at = ? WHERE id = ? AND screenshot_key = ?",
                [.text(now()), .text(feedbackId), .text(key)])
        }
    }
}
