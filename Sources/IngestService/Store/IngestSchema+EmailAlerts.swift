import HubStore

extension IngestSchema {
    /// A member's email alerts (docs/email.md, "Team alerts"): one row once they saved the
    /// page; without one the role's defaults apply (`EmailAlertPreferences.defaults`), so a
    /// change of role changes what an untouched member gets. A membership belongs to one
    /// organization, so the preferences are per member and organization.
    static let emailAlertPreferences = Migration(
        name: "0017_email_alert_preferences",
        sql: """
            CREATE TABLE email_alert_preferences (
                member_id TEXT PRIMARY KEY,            -- organization_members.id; removing the member leaves it unread
                new_conversation INTEGER NOT NULL,
                new_report INTEGER NOT NULL,
                daily_digest INTEGER NOT NULL,
                updated_at TEXT NOT NULL
            ) STRICT;
            """)
}
