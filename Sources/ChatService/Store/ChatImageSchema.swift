import HubStore

/// chatd's photo records. An image is staged by its uploader (a participant, or a team member
/// for one conversation), then claimed once by a message, which copies its pixels to the sent path.
enum ChatImageSchema {
    static let images = Migration(
        name: "0004_chat_images",
        sql: """
            CREATE TABLE images (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                project_id TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                uploader_kind TEXT NOT NULL CHECK (uploader_kind IN ('email', 'token', 'team')),
                uploader_value TEXT NOT NULL,
                conversation_id TEXT,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                byte_size INTEGER NOT NULL,
                staging_key TEXT NOT NULL,
                sent_key TEXT,
                message_seq INTEGER REFERENCES messages (seq),
                position INTEGER,
                created_at TEXT NOT NULL,
                expires_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX images_message ON images (message_seq, position) WHERE message_seq IS NOT NULL;
            CREATE INDEX images_unsent ON images (created_at) WHERE message_seq IS NULL;
            """)

    /// The workspace's media retention: a sent photo whose object was deleted keeps its row,
    /// marked expired, so the thread shows where it was. Sent photos are found by project and age.
    static let retention = Migration(
        name: "0008_chat_image_retention",
        sql: """
            ALTER TABLE images ADD COLUMN expired_at TEXT;
            CREATE INDEX images_sent_age ON images (project_id, created_at) WHERE message_seq IS NOT NULL AND expired_at IS NULL;
            """)
}
