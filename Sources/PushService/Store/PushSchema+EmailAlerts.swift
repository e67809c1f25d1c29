import HubStore

extension PushSchema {
    /// Team alerts (docs/email.md, "Team alerts"): a new conversation or report waiting for
    /// its recipients to be looked up at ingest. The row is written with the event that causes
    /// it and leaves only when its emails are queued, so an ingest outage delays alerts but
    /// never loses one; the event's payload stays in `chat_events`. The digest counts
    /// `chat_events` by arrival time, hence the index.
    static let emailAlerts = Migration(
        name: "0009_push_email_alerts",
        sql: """
            CREATE TABLE email_alerts_pending (
                event_id TEXT PRIMARY KEY,             -- chat_events.id; the alert's dedupe keys name it
                kind TEXT NOT NULL CHECK (kind IN ('new_conversation', 'new_report')),
                project_id TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms INTEGER NOT NULL,
                last_error TEXT,
                created_ms INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX email_alerts_pending_due ON email_alerts_pending (next_attempt_ms);
            CREATE INDEX chat_events_by_arrival ON chat_events (received_at, topic);
            """)
}
