import HubStore

/// asod's schema steps after `daemon_meta`.
enum ASOSchema {
    /// `observations` is the shared search cache: one row per (normalized term, country, UTC
    /// date, source), whoever asked first (an organization's Explorer search or the rank
    /// collector). `results` keeps the stored details of every returned app as JSON, in order.
    /// `quota_usage` counts live searches per organization and UTC day.
    static let explorer = Migration(
        name: "0002_aso_explorer",
        sql: """
            CREATE TABLE observations (
                id INTEGER PRIMARY KEY,
                term TEXT NOT NULL,
                country TEXT NOT NULL,
                day TEXT NOT NULL,
                source TEXT NOT NULL,
                observed_at TEXT NOT NULL,
                result_count INTEGER NOT NULL,
                results TEXT NOT NULL,
                UNIQUE (term, country, day, source)
            ) STRICT;
            CREATE INDEX observations_country_day ON observations (country, day);

            CREATE TABLE quota_usage (
                organization_id TEXT NOT NULL,
                day TEXT NOT NULL,
                used INTEGER NOT NULL,
                PRIMARY KEY (organization_id, day)
            ) STRICT;
            """)

    /// Tracked keywords per project and storefront (a normalized term once per project and
    /// country), localized groups, and one rank per keyword and UTC day: a row with a null rank
    /// means "observed, not ranked"; no row means "no observation yet".
    static let tracking = Migration(
        name: "0003_aso_tracking",
        sql: """
            CREATE TABLE keyword_groups (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                concept TEXT NOT NULL,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX keyword_groups_project ON keyword_groups (project_id);

            CREATE TABLE tracked_keywords (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                app_store_id TEXT NOT NULL,
                term TEXT NOT NULL,
                country TEXT NOT NULL,
                group_id TEXT REFERENCES keyword_groups (id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                UNIQUE (project_id, country, term)
            ) STRICT;
            CREATE INDEX tracked_keywords_org ON tracked_keywords (organization_id);
            CREATE INDEX tracked_keywords_term ON tracked_keywords (term, country);

            CREATE TABLE keyword_ranks (
                keyword_id TEXT NOT NULL REFERENCES tracked_keywords (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                observed_at TEXT NOT NULL,
                rank INTEGER,
                observation_id INTEGER NOT NULL REFERENCES observations (id),
                PRIMARY KEY (keyword_id, day)
            ) STRICT;

            CREATE TABLE app_listings (
                app_store_id TEXT NOT NULL,
                country TEXT NOT NULL,
                day TEXT NOT NULL,
                fetched_at TEXT NOT NULL,
                listing TEXT NOT NULL,
                PRIMARY KEY (app_store_id, country)
            ) STRICT;
            """)

    /// Which apps each observation returned, at which rank, so the searches that returned an
    /// app are found without decoding every stored result list.
    static let observationApps = Migration(
        name: "0004_aso_observation_apps",
        sql: """
            CREATE TABLE observation_apps (
                observation_id INTEGER NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
                rank INTEGER NOT NULL,
                track_id TEXT NOT NULL,
                PRIMARY KEY (observation_id, rank)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX observation_apps_track ON observation_apps (track_id, observation_id);
            """)
}
