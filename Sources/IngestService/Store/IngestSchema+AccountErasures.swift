import HubStore

extension IngestSchema {
    /// An account erasure deletes its organization but keeps its `erasures` row so the state can
    /// be followed to the end: the reference to `organizations` goes (the row is rebuilt with the
    /// same columns, rows and indexes), and the organization's ID is cleared from its rows once
    /// the organization is erased (`''`).
    static let accountErasures = Migration(
        name: "0022_account_erasures",
        sql: """
            CREATE TABLE erasures_rebuilt (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,         -- '' once the organization itself is erased
                project_id TEXT,
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('participant', 'organization')),
                owner_kind TEXT CHECK (owner_kind IN ('email', 'token')),
                owner_value TEXT,
                conversation_ids TEXT NOT NULL DEFAULT '[]',
                daemons TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                completed_at TEXT
            ) STRICT;
            INSERT INTO erasures_rebuilt SELECT id, organization_id, project_id, subject_kind, owner_kind, owner_value,
                conversation_ids, daemons, state, attempts, next_attempt_at, created_at, updated_at, completed_at FROM erasures;
            DROP TABLE erasures;
            ALTER TABLE erasures_rebuilt RENAME TO erasures;
            CREATE INDEX erasures_pending ON erasures(next_attempt_at) WHERE state = 'pending';
            CREATE INDEX erasures_by_org ON erasures(organization_id, created_at);
            """, disablesForeignKeys: true)
}
