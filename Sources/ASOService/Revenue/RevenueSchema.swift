import HubStore

/// asod's RevenueCat connections (one per AppNorth app, the secret key sealed with the keyring;
/// associated data: organization, app and connection ID) and the daily overview snapshots,
/// one row per app per UTC day. Snapshots have no foreign key: they outlive a disconnect.
enum RevenueSchema {
    static let revenueCat = Migration(
        name: "0011_revenuecat",
        sql: """
            CREATE TABLE revenue_connections (
                project_id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                connection_id TEXT NOT NULL UNIQUE,
                rc_project_id TEXT NOT NULL,
                rc_project_name TEXT NOT NULL,
                sealed_key TEXT NOT NULL,
                connected_at TEXT NOT NULL,
                verified_at TEXT NOT NULL,
                last_synced_at TEXT,
                last_error TEXT,
                last_error_at TEXT
            ) STRICT;
            CREATE TABLE revenue_snapshots (
                project_id TEXT NOT NULL,
                day TEXT NOT NULL,
                rc_project_id TEXT NOT NULL,
                currency TEXT,
                period TEXT,
                last_updated_at TEXT,
                mrr REAL,
                revenue REAL,
                active_subscriptions REAL,
                active_trials REAL,
                new_customers REAL,
                active_users REAL,
                metrics_json TEXT NOT NULL,
                synced_at TEXT NOT NULL,
                PRIMARY KEY (project_id, day)
            ) STRICT, WITHOUT ROWID;
            """)
}
