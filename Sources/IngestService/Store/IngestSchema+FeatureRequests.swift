import HubStore

extension IngestSchema {
    /// "Request a feature" attempts per user, kept for the hour the limit looks back over:
    /// a restart of ingest must not hand out a fresh allowance.
    static let featureRequestAttempts = Migration(
        name: "0018_feature_request_attempts",
        sql: """
            CREATE TABLE feature_request_attempts (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                attempted_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX feature_request_attempts_by_user ON feature_request_attempts(user_id, attempted_at);
            """)
}
