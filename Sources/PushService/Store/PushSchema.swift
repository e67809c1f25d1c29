import Shared

/// pushd's schema steps after `daemon_meta`.
enum PushSchema {
    /// Chat events received from chatd, keyed by chatd's event ID so a redelivery is a no-op.
    static let chatEvents = Migration(name: "0002_push_chat_events", sql: """
        CREATE TABLE chat_events (
            id TEXT PRIMARY KEY,
            topic TEXT NOT NULL,
            project_id TEXT,
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            received_at TEXT NOT NULL
        ) STRICT;
        """)
}
