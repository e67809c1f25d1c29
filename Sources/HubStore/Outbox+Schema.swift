extension Outbox {
    /// The migration step that keys a daemon's `outbox` by its rowid (`seq`, the order
    /// appended) and indexes its events' IDs once: `outbox_pending`, unique, over the pending
    /// events the relay reads and acknowledges by ID, beside `outbox_acknowledged` for the
    /// retention. The table's `id TEXT PRIMARY KEY` was an index of its own that nothing read,
    /// so an event went into three B-trees; it now goes into two. No two pending events share
    /// an ID (an ID comes from `TimeSortableID`, unique by construction). Every event is kept,
    /// in ID order, acknowledged or not. Each daemon names the step in its own sequence.
    public static func keyedBySeq(name: String) -> Migration {
        Migration(
            name: name,
            sql: """
                CREATE TABLE outbox_by_seq (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL,
                    topic TEXT NOT NULL,
                    project_id TEXT,
                    payload TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    acknowledged_at TEXT
                ) STRICT;
                INSERT INTO outbox_by_seq (id, topic, project_id, payload, created_at, acknowledged_at)
                    SELECT id, topic, project_id, payload, created_at, acknowledged_at FROM outbox ORDER BY id;
                DROP TABLE outbox;
                ALTER TABLE outbox_by_seq RENAME TO outbox;
                CREATE UNIQUE INDEX outbox_pending ON outbox (id) WHERE acknowledged_at IS NULL;
                CREATE INDEX outbox_acknowledged ON outbox (acknowledged_at) WHERE acknowledged_at IS NOT NULL;
                """)
    }
}
