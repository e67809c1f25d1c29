import HubStore

/// asod's App Store Connect connections: one per organization, the `.p8` key sealed with the
/// keyring (associated data: organization and connection ID).
enum ASCConnectionSchema {
    static let connections = Migration(
        name: "0005_asc_connections",
        sql: """
            CREATE TABLE asc_connections (
                organization_id TEXT PRIMARY KEY,
                connection_id TEXT NOT NULL UNIQUE,
                issuer_id TEXT NOT NULL,
                key_id TEXT NOT NULL,
                sealed_key TEXT NOT NULL,
                app_count INTEGER NOT NULL,
                connected_at TEXT NOT NULL,
                verified_at TEXT NOT NULL
            ) STRICT;
            """)
}
