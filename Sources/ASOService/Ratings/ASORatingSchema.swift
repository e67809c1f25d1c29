import HubStore

/// The public rating of an app per App Store country, one row per UTC day: the first lookup of
/// the day is kept, so the history is what was observed, never filled in.
enum ASORatingSchema {
    static let observations = Migration(
        name: "0010_rating_observations",
        sql: """
            CREATE TABLE rating_observations (
                app_store_id TEXT NOT NULL,
                country TEXT NOT NULL,
                day TEXT NOT NULL,
                observed_at TEXT NOT NULL,
                rating_count INTEGER,
                average_rating REAL,
                PRIMARY KEY (app_store_id, country, day)
            ) STRICT, WITHOUT ROWID;
            """)
}
