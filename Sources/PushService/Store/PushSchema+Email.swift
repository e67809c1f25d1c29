import HubStore

extension PushSchema {
    /// The outgoing email queue: one row per email, unique by its dedupe key (`reply:<replyId>`),
    /// holding the parts the message is composed from at each attempt (the same bytes each
    /// time). `started_ms` marks an attempt in flight. Sent and failed rows lose their bodies at
    /// once and are removed after 30 days; queued rows are never discarded.
    static let email = Migration(
        name: "0008_push_email_queue",
        sql: """
            CREATE TABLE email_queue (
                id INTEGER PRIMARY KEY,
                dedupe_key TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                recipient TEXT NOT NULL,
                recipient_name TEXT,
                subject TEXT NOT NULL,
                text_body TEXT NOT NULL,
                html_body TEXT NOT NULL,
                list_unsubscribe TEXT,
                state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                last_error TEXT,
                next_attempt_ms INTEGER NOT NULL,
                started_ms INTEGER,
                created_ms INTEGER NOT NULL,
                updated_ms INTEGER NOT NULL,
                completed_ms INTEGER
            ) STRICT;
            CREATE INDEX email_queue_due ON email_queue (next_attempt_ms, id) WHERE state = 'queued';
            CREATE INDEX email_queue_completed ON email_queue (completed_ms) WHERE state != 'queued';
            """)
}
