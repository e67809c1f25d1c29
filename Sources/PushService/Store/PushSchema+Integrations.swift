import HubStore

extension PushSchema {
    /// Chat-ops integrations (Telegram): connections with sealed secrets, the groups a bot was
    /// seen in, member mappings, conversation/report ↔ thread and message mappings, and the
    /// per-integration delivery queue fed by chat and feedback events. Every row belongs to one
    /// integration and goes with it on disconnect.
    static let integrations = Migration(
        name: "0006_push_integrations",
        sql: """
            CREATE TABLE integrations (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL CHECK (kind IN ('telegram')),
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                app_name TEXT NOT NULL,
                mode TEXT NOT NULL CHECK (mode IN ('webhook', 'polling')),
                sealed_token TEXT NOT NULL,
                sealed_secret TEXT NOT NULL,
                bot_id TEXT NOT NULL,
                bot_username TEXT NOT NULL,
                hub_url TEXT,
                group_id TEXT,
                group_title TEXT,
                group_is_forum INTEGER,
                error_code TEXT,
                error_message TEXT,
                error_at TEXT,
                halted INTEGER NOT NULL DEFAULT 0,
                update_offset INTEGER NOT NULL DEFAULT 0,
                paused_until_ms INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE UNIQUE INDEX integrations_project ON integrations (project_id, kind);
            CREATE UNIQUE INDEX integrations_bot ON integrations (kind, bot_id);

            CREATE TABLE integration_groups (
                integration_id TEXT NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
                chat_id TEXT NOT NULL,
                title TEXT NOT NULL,
                is_forum INTEGER NOT NULL,
                bot_status TEXT NOT NULL,
                seen_at TEXT NOT NULL,
                PRIMARY KEY (integration_id, chat_id)
            ) STRICT;

            CREATE TABLE integration_members (
                integration_id TEXT NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
                telegram_user_id TEXT NOT NULL,
                member_id TEXT NOT NULL,
                name TEXT,
                PRIMARY KEY (integration_id, telegram_user_id)
            ) STRICT;

            CREATE TABLE integration_threads (
                integration_id TEXT NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('chat', 'report')),
                subject_id TEXT NOT NULL,
                chat_id TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('opening', 'open')),
                topic_name TEXT NOT NULL,
                thread_id INTEGER,
                open_started_ms INTEGER,
                first_message_id TEXT,
                created_at TEXT NOT NULL,
                PRIMARY KEY (integration_id, subject_kind, subject_id)
            ) STRICT;
            CREATE INDEX integration_threads_topic ON integration_threads (integration_id, chat_id, thread_id);

            CREATE TABLE integration_messages (
                integration_id TEXT NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
                chat_id TEXT NOT NULL,
                message_id INTEGER NOT NULL,
                subject_kind TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                created_ms INTEGER NOT NULL,
                PRIMARY KEY (integration_id, chat_id, message_id)
            ) STRICT;

            CREATE TABLE integration_queue (
                id INTEGER PRIMARY KEY,
                integration_id TEXT NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
                event_id TEXT NOT NULL,
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('chat', 'report')),
                subject_id TEXT NOT NULL,
                text TEXT NOT NULL,
                chunks_sent INTEGER NOT NULL DEFAULT 0,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms INTEGER NOT NULL,
                last_reason TEXT,
                created_ms INTEGER NOT NULL,
                UNIQUE (integration_id, event_id)
            ) STRICT;
            CREATE INDEX integration_queue_order ON integration_queue (integration_id, id);
            """)
}
