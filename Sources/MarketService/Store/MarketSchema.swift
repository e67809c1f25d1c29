import HubStore

/// marketd's schema steps after `daemon_meta`.
enum MarketSchema {
    /// Apps are keyed by the store's numeric ID (`adam_id`, kept as text as the store sends
    /// it). A snapshot is one chart of one storefront on one UTC day; `genre` is '' for the
    /// overall chart so the uniqueness constraint holds. Dates the store gave (`release_date`)
    /// are kept apart from the times AppNorth saw something (`first_seen_at`, `collected_at`).
    static let charts = Migration(
        name: "0002_market_charts",
        sql: """
            CREATE TABLE apps (
                adam_id TEXT PRIMARY KEY,
                slug TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                developer_name TEXT,
                developer_id TEXT,
                bundle_id TEXT,
                genre_id TEXT,
                genre_name TEXT,
                price REAL,
                currency TEXT,
                release_date TEXT,
                icon_url TEXT,
                store_url TEXT,
                description TEXT,
                version TEXT,
                size_bytes INTEGER,
                content_rating TEXT,
                minimum_os TEXT,
                website_url TEXT,
                rating REAL,
                rating_count INTEGER,
                looked_up_at TEXT,
                first_seen_at TEXT NOT NULL,
                last_seen_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX apps_developer ON apps (developer_id);
            CREATE INDEX apps_lookup ON apps (looked_up_at);

            CREATE TABLE snapshots (
                id INTEGER PRIMARY KEY,
                storefront TEXT NOT NULL,
                chart TEXT NOT NULL,
                genre TEXT NOT NULL,
                day TEXT NOT NULL,
                complete INTEGER NOT NULL,
                entry_count INTEGER NOT NULL,
                expected_count INTEGER NOT NULL,
                problem TEXT,
                collected_at TEXT NOT NULL,
                UNIQUE (storefront, chart, genre, day)
            ) STRICT;
            CREATE INDEX snapshots_complete ON snapshots (storefront, chart, genre, complete, day);

            CREATE TABLE snapshot_entries (
                snapshot_id INTEGER NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
                rank INTEGER NOT NULL,
                adam_id TEXT NOT NULL,
                PRIMARY KEY (snapshot_id, rank)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX snapshot_entries_app ON snapshot_entries (adam_id, snapshot_id);
            """)

    /// Records the collector cannot see, imported by operators; `payload` keeps the validated
    /// line so a re-import with the same ID is recognised. Estimates keep a null value as null.
    static let records = Migration(
        name: "0003_market_records",
        sql: """
            CREATE TABLE records (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL CHECK (kind IN ('estimate', 'ad', 'social_post', 'flow')),
                adam_id TEXT NOT NULL,
                payload_hash TEXT NOT NULL,
                imported_at TEXT NOT NULL
            ) STRICT;

            CREATE TABLE estimates (
                record_id TEXT PRIMARY KEY REFERENCES records (id),
                adam_id TEXT NOT NULL,
                metric TEXT NOT NULL CHECK (metric IN ('downloads', 'revenue')),
                value REAL,
                currency TEXT,
                source TEXT NOT NULL,
                storefront TEXT NOT NULL,
                period_start TEXT NOT NULL,
                period_end TEXT NOT NULL,
                observed_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX estimates_app ON estimates (adam_id, metric, source, storefront, period_end);

            CREATE TABLE ads (
                record_id TEXT PRIMARY KEY REFERENCES records (id),
                adam_id TEXT NOT NULL,
                platform TEXT NOT NULL,
                first_seen_at TEXT,
                last_seen_at TEXT,
                active INTEGER NOT NULL,
                url TEXT
            ) STRICT;
            CREATE INDEX ads_app ON ads (adam_id, first_seen_at);

            CREATE TABLE social_posts (
                record_id TEXT PRIMARY KEY REFERENCES records (id),
                adam_id TEXT NOT NULL,
                platform TEXT NOT NULL,
                published_at TEXT,
                available INTEGER NOT NULL,
                url TEXT,
                views INTEGER
            ) STRICT;
            CREATE INDEX social_posts_app ON social_posts (adam_id, published_at);

            CREATE TABLE flows (
                record_id TEXT PRIMARY KEY REFERENCES records (id),
                adam_id TEXT NOT NULL,
                flow_type TEXT NOT NULL,
                captured_at TEXT,
                published INTEGER NOT NULL,
                screen_count INTEGER
            ) STRICT;
            CREATE INDEX flows_app ON flows (adam_id, captured_at);
            """)

    /// Organization-scoped lists: the watchlist (AppTracker's input) and favorites in folders.
    static let lists = Migration(
        name: "0004_market_lists",
        sql: """
            CREATE TABLE watchlist (
                organization_id TEXT NOT NULL,
                adam_id TEXT NOT NULL,
                note TEXT,
                created_at TEXT NOT NULL,
                PRIMARY KEY (organization_id, adam_id)
            ) STRICT;

            CREATE TABLE favorite_folders (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                created_at TEXT NOT NULL,
                UNIQUE (organization_id, kind, name_key)
            ) STRICT;

            CREATE TABLE favorites (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                item_id TEXT NOT NULL,
                storefront TEXT NOT NULL,
                folder_id TEXT REFERENCES favorite_folders (id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                UNIQUE (organization_id, kind, item_id, storefront)
            ) STRICT;
            CREATE INDEX favorites_folder ON favorites (organization_id, kind, folder_id);
            """)

    /// Profile reads per organization and UTC day, for the daily allowance of limited plans.
    static let profileReads = Migration(
        name: "0005_market_profile_reads",
        sql: """
            CREATE TABLE profile_reads (
                organization_id TEXT NOT NULL,
                day TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (organization_id, day)
            ) STRICT;
            """)

    /// What each snapshot's feed answered (`MarketFeedAnswer`), so a chart's history says
    /// whether it is short by nature (`MarketShortChartRule`). Earlier rows are classified from
    /// what was recorded: complete ones are full; incomplete ones whose only problem was their
    /// length (the collector wrote "<n> of <asked> entries") are short; the rest faulty.
    static let snapshotAnswers = Migration(
        name: "0006_market_snapshot_answers",
        sql: """
            ALTER TABLE snapshots ADD COLUMN answer TEXT NOT NULL DEFAULT 'faulty' CHECK (answer IN ('full', 'short', 'faulty'));
            UPDATE snapshots SET answer = 'full' WHERE complete = 1;
            UPDATE snapshots SET answer = 'short'
                WHERE complete = 0 AND entry_count > 0 AND entry_count < expected_count AND problem GLOB '[0-9]* of [0-9]* entries';
            """)
}
