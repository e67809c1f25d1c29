import HubStore

/// Customer reviews read from App Store Connect, per project, with Apple's response and the
/// team's own open/done status kept apart.
enum ASCReviewSchema {
    static let reviews = Migration(
        name: "0006_asc_reviews",
        sql: """
            CREATE TABLE asc_reviews (
                project_id TEXT NOT NULL,
                review_id TEXT NOT NULL,
                organization_id TEXT NOT NULL,
                app_store_id TEXT NOT NULL,
                rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
                title TEXT,
                body TEXT,
                reviewer_nickname TEXT,
                territory TEXT,
                created_at TEXT NOT NULL,
                response_id TEXT,
                response_body TEXT,
                response_state TEXT,
                response_updated_at TEXT,
                status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
                synced_at TEXT NOT NULL,
                PRIMARY KEY (project_id, review_id)
            ) STRICT;
            CREATE INDEX asc_reviews_newest ON asc_reviews (project_id, created_at DESC);
            """)
}
