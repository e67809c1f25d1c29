import HubStore

extension IngestSchema {
    /// Erasure requests (docs/privacy.md): whose data, and each daemon's progress as JSON
    /// (`{daemon: {state, erased, lastError, attempts}}`). The participant's owner kind and value
    /// are kept only while the erasure is pending and cleared when it is done, so no row keeps
    /// the email or the token hash afterwards. `next_attempt_at` paces retries.
    static let erasures = Migration(
        name: "0021_participant_erasures",
        sql: """
            CREATE TABLE erasures (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL REFERENCES organizations(id),
                project_id TEXT,                       -- NULL: the whole organization
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('participant', 'organization')),
                owner_kind TEXT CHECK (owner_kind IN ('email', 'token')),   -- NULL once done
                owner_value TEXT,                      -- normalized email or SHA-256 hex of the voter token; NULL once done
                conversation_ids TEXT NOT NULL DEFAULT '[]',   -- JSON array, as chatd reported them
                daemons TEXT NOT NULL,                 -- JSON object, one entry per daemon asked
                state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
                attempts INTEGER NOT NULL DEFAULT 0,   -- passes that left it pending
                next_attempt_at TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                completed_at TEXT
            ) STRICT;
            CREATE INDEX erasures_pending ON erasures(next_attempt_at) WHERE state = 'pending';
            CREATE INDEX erasures_by_org ON erasures(organization_id, created_at);
            """)
}
