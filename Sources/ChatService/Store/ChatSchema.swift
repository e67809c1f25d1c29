import HubStore

/// chatd's schema steps after `daemon_meta`.
enum ChatSchema {
    /// Sequence numbers (`seq`) order messages across all conversations, so read markers and
    /// `after` compare integers instead of timestamps that can tie within a millisecond.
    static let core = Migration(
        name: "0002_chat_core",
        sql: """
            CREATE TABLE conversations (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                project_id TEXT NOT NULL,
                owner_kind TEXT NOT NULL CHECK (owner_kind IN ('email', 'token')),
                owner_value TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
                sentiment TEXT CHECK (sentiment IN ('positive', 'neutral', 'negative')),
                locale TEXT,
                platform TEXT,
                bundle_id TEXT,
                created_at TEXT NOT NULL,
                resolved_at TEXT,
                last_message_at TEXT NOT NULL,
                last_message_seq INTEGER NOT NULL DEFAULT 0,
                last_user_seq INTEGER NOT NULL DEFAULT 0,
                last_team_seq INTEGER NOT NULL DEFAULT 0,
                user_read_seq INTEGER NOT NULL DEFAULT 0,
                team_read_seq INTEGER NOT NULL DEFAULT 0
            ) STRICT;
            CREATE INDEX conversations_owner ON conversations (project_id, owner_kind, owner_value, seq);
            CREATE INDEX conversations_inbox ON conversations (project_id, last_message_seq);

            CREATE TABLE messages (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                conversation_seq INTEGER NOT NULL REFERENCES conversations (seq),
                project_id TEXT NOT NULL,
                sender TEXT NOT NULL CHECK (sender IN ('user', 'team')),
                body TEXT NOT NULL,
                internal INTEGER NOT NULL DEFAULT 0,
                author TEXT,
                kind TEXT,
                card TEXT,
                opened_at TEXT,
                tapped_at TEXT,
                owner_kind TEXT,
                owner_value TEXT,
                idempotency_key TEXT,
                payload_hash TEXT,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX messages_conversation ON messages (conversation_seq, seq);
            CREATE UNIQUE INDEX messages_idempotency ON messages (project_id, owner_kind, owner_value, idempotency_key)
                WHERE idempotency_key IS NOT NULL;
            -- One review request per conversation, whatever sends it.
            CREATE UNIQUE INDEX messages_review_card ON messages (conversation_seq) WHERE kind = 'review_request';

            CREATE TABLE outbox (
                id TEXT PRIMARY KEY,
                topic TEXT NOT NULL,
                project_id TEXT,
                payload TEXT NOT NULL,
                created_at TEXT NOT NULL,
                acknowledged_at TEXT
            ) STRICT;
            CREATE INDEX outbox_pending ON outbox (id) WHERE acknowledged_at IS NULL;
            """)

    /// Outbox retention finds acknowledged events by acknowledgement time; `outbox_pending`
    /// covers only pending ones, so without this it would read the whole table each pass.
    static let outboxAcknowledged = Migration(
        name: "0005_chat_outbox_acknowledged",
        sql: """
            CREATE INDEX outbox_acknowledged ON outbox (acknowledged_at) WHERE acknowledged_at IS NOT NULL;
            """)

    /// The dashboard's inbox lists an organization's projects together by recent activity, and
    /// a team reply carries the page's idempotency key: one message per key and conversation.
    static let dashboard = Migration(
        name: "0006_chat_dashboard",
        sql: """
            CREATE INDEX conversations_recent ON conversations (last_message_seq);
            CREATE UNIQUE INDEX messages_team_idempotency ON messages (conversation_seq, idempotency_key)
                WHERE sender = 'team' AND idempotency_key IS NOT NULL;
            """)

    /// The notifications feed lists an organization's unread conversations; a partial index of
    /// the unread ones keeps that list from reading every conversation the team has read.
    static let teamUnread = Migration(
        name: "0007_chat_team_unread",
        sql: """
            CREATE INDEX conversations_team_unread ON conversations (project_id, last_user_seq)
                WHERE last_user_seq > team_read_seq;
            """)

    /// A user's send looks its idempotency key up among the messages of that owner, and the
    /// unique index it used held the whole key: project, owner kind, owner (a token's hash or
    /// an email of up to 320 characters) and the client's key, some 130 bytes an entry, whose
    /// long common prefix every lookup and insert compared down the tree. The index is now of a
    /// 64-bit hash of the owner (`key_hash64` of project, kind and value, stored in
    /// `owner_hash` for every message that has an owner) and the client's key: under half the
    /// bytes, an integer compared first, an owner's keys still side by side, and still at most
    /// one message per owner and key (one owner always has one hash). A lookup compares the
    /// owner's parts as before, so two owners that share a hash never see each other's
    /// messages; the second of them to send a key the first already used is refused rather
    /// than stored. Team replies keep their own index (`messages_team_idempotency`).
    static let hashedIdempotency = Migration(
        name: "0009_chat_idempotency_by_owner_hash",
        sql: """
            ALTER TABLE messages ADD COLUMN owner_hash INTEGER;
            UPDATE messages SET owner_hash = key_hash64(project_id, owner_kind, owner_value)
                WHERE owner_kind IS NOT NULL AND owner_value IS NOT NULL;
            DROP INDEX messages_idempotency;
            CREATE UNIQUE INDEX messages_idempotency ON messages (owner_hash, idempotency_key)
                WHERE owner_hash IS NOT NULL AND idempotency_key IS NOT NULL;
            """)

    /// Every user message appends an event: `Outbox.keyedBySeq` takes one of its three B-tree
    /// writes off it (bench/RESULTS.md, issue 29's seventeenth pass).
    static let outboxBySeq = Outbox.keyedBySeq(name: "0010_chat_outbox_by_seq")
}
