import HubStore

/// Stored price-localization previews, so a recorded proposal can be reviewed again.
enum ASCPriceSchema {
    static let previews = Migration(
        name: "0008_price_previews",
        sql: """
            CREATE TABLE price_previews (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                product_id TEXT NOT NULL,
                request TEXT NOT NULL,
                preview TEXT NOT NULL,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX price_previews_project ON price_previews (project_id, created_at DESC);
            """)
}
