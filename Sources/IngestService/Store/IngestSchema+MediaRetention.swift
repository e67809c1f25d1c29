import HubStore

extension IngestSchema {
    /// A workspace's media retention (docs/feedback.md, "Retention"): days after which report
    /// screenshots and sent chat photos are removed, NULL (off) by default. A report whose
    /// screenshot went keeps its facts and says when; its key is cleared with the object.
    static let mediaRetention = Migration(
        name: "0019_media_retention",
        sql: """
            ALTER TABLE organizations ADD COLUMN media_retention_days INTEGER;
            ALTER TABLE feedback ADD COLUMN screenshot_removed_at TEXT;
            CREATE INDEX feedback_screenshots ON feedback(project_id, created_at) WHERE screenshot_key IS NOT NULL;
            """)

    /// What's new: when each member last opened the page, for the sidebar's unread dot.
    static let whatsNewSeen = Migration(
        name: "0020_whats_new_seen",
        sql: """
            ALTER TABLE organization_members ADD COLUMN whats_new_seen_at TEXT;
            """)
}
