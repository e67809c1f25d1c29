import HubStore

/// The audit record of every metadata publish attempt and its outcome.
enum ASCMetadataSchema {
    static let publishLog = Migration(
        name: "0007_metadata_publish_log",
        sql: """
            CREATE TABLE metadata_publish_log (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                locale TEXT NOT NULL,
                result TEXT NOT NULL,
                requested TEXT NOT NULL,
                published TEXT NOT NULL,
                failed TEXT NOT NULL,
                detail TEXT,
                actor TEXT NOT NULL,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX metadata_publish_log_project ON metadata_publish_log (project_id, created_at DESC);
            """)
}
