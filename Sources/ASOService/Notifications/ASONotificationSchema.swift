import HubStore

/// Indexes the notifications feed reads by: an organization's price jobs by project and time
/// (items are reached through their primary key), and ranks by day for the keyword drops.
enum ASONotificationSchema {
    static let indexes = Migration(
        name: "0012_aso_notification_indexes",
        sql: """
            CREATE INDEX price_jobs_project_created ON price_jobs (project_id, created_at);
            """)
}
