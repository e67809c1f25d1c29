import HubStore

extension IngestSchema {
    /// The notifications feed's read state: one row per reader (a member, or a token without an
    /// author, which keeps its own) and item ID it marked read. Items are made from other
    /// daemons' data, so an ID is only text here; old rows are pruned by `read_at`. New reports
    /// (unopened, to do) get an index of their own.
    static let notificationReads = Migration(
        name: "0016_notification_reads",
        sql: """
            CREATE TABLE notification_reads (
                organization_id TEXT NOT NULL REFERENCES organizations(id),
                reader TEXT NOT NULL,                  -- 'member:<id>' or 'token:<id>'
                item_id TEXT NOT NULL,
                read_at TEXT NOT NULL,
                PRIMARY KEY (organization_id, reader, item_id)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX notification_reads_age ON notification_reads(read_at);
            -- The feed's new reports: unopened and still to do.
            CREATE INDEX feedback_new ON feedback(project_id, created_at) WHERE status = 'todo' AND read_at IS NULL;
            """)
}
