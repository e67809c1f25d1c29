import HubStore

extension PushSchema {
    /// Discord: one-use OAuth states (hashed), one installation per project (server, channel,
    /// installer), the thread of each conversation or report with its reply cursor, and the
    /// delivery outbox, whose rows carry a stable nonce and the marker of what Discord accepted.
    /// Completed rows are kept 30 days; pending ones are never discarded.
    static let discord = Migration(
        name: "0007_push_discord",
        sql: """
            CREATE TABLE discord_states (
                state_hash TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                app_name TEXT NOT NULL,
                member_id TEXT,
                redirect_uri TEXT NOT NULL,
                hub_url TEXT NOT NULL,
                expires_ms INTEGER NOT NULL
            ) STRICT;

            CREATE TABLE discord_installations (
                project_id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL,
                app_name TEXT NOT NULL,
                guild_id TEXT NOT NULL,
                guild_name TEXT,
                channel_id TEXT,
                installer_user_id TEXT NOT NULL,
                installer_username TEXT,
                installer_member_id TEXT,
                hub_url TEXT,
                error_code TEXT,
                error_message TEXT,
                error_at TEXT,
                paused_until_ms INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL
            ) STRICT;

            CREATE TABLE discord_threads (
                project_id TEXT NOT NULL REFERENCES discord_installations (project_id) ON DELETE CASCADE,
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('chat', 'report')),
                subject_id TEXT NOT NULL,
                thread_id TEXT,
                name TEXT NOT NULL,
                first_message_id TEXT,
                status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
                cursor TEXT,
                polled_ms INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                PRIMARY KEY (project_id, subject_kind, subject_id)
            ) STRICT;
            CREATE INDEX discord_threads_polling ON discord_threads (project_id, status, polled_ms);

            CREATE TABLE discord_outbox (
                id INTEGER PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES discord_installations (project_id) ON DELETE CASCADE,
                event_id TEXT NOT NULL,
                subject_kind TEXT NOT NULL CHECK (subject_kind IN ('chat', 'report')),
                subject_id TEXT NOT NULL,
                starts_thread INTEGER NOT NULL DEFAULT 0,
                text TEXT NOT NULL,
                chunks_sent INTEGER NOT NULL DEFAULT 0,
                started_ms INTEGER,
                marker_message_id TEXT,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'reconcile_limit')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms INTEGER NOT NULL,
                last_reason TEXT,
                created_ms INTEGER NOT NULL,
                completed_ms INTEGER,
                UNIQUE (project_id, event_id)
            ) STRICT;
            CREATE INDEX discord_outbox_pending ON discord_outbox (project_id, id) WHERE state = 'pending';
            CREATE INDEX discord_outbox_completed ON discord_outbox (completed_ms) WHERE state = 'done';

            CREATE TABLE discord_meta (
                key TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            ) STRICT;
            """)
}
