import HubStore

/// Price jobs: one per submission (or rollback), one item per territory with its state.
enum PriceJobSchema {
    static let jobs = Migration(
        name: "0009_price_jobs",
        sql: """
            CREATE TABLE price_jobs (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                app_store_id TEXT NOT NULL,
                product_id TEXT NOT NULL,
                preview_id TEXT,
                rollback_of TEXT,
                start_date TEXT,
                preserve_current INTEGER NOT NULL,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE TABLE price_job_items (
                job_id TEXT NOT NULL REFERENCES price_jobs (id),
                territory TEXT NOT NULL,
                target_point_id TEXT NOT NULL,
                from_point_id TEXT,
                -- The base territory is written last.
                position INTEGER NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'sent', 'succeeded', 'failed', 'uncertain', 'cancelled')),
                attempts INTEGER NOT NULL DEFAULT 0,
                error TEXT,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (job_id, territory)
            ) STRICT;
            CREATE INDEX price_job_items_open ON price_job_items (state) WHERE state IN ('pending', 'running', 'sent', 'uncertain');
            """)
}
