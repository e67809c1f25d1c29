import HubStore

/// pushd's schema steps after `daemon_meta`.
enum PushSchema {
    /// Chat events received from chatd, keyed by chatd's event ID so a redelivery is a no-op.
    static let chatEvents = Migration(
        name: "0002_push_chat_events",
        sql: """
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

extension PushSchema {
    /// Devices, sealed credentials and the delivery queue. Times used in comparisons are
    /// kept as Unix milliseconds next to their ISO text, so the worker compares integers.
    static let delivery = Migration(
        name: "0003_push_delivery",
        sql: """
            CREATE TABLE push_credentials (
                project_id TEXT PRIMARY KEY,
                app_id TEXT NOT NULL,
                key_id TEXT NOT NULL,
                team_id TEXT NOT NULL,
                bundle_id TEXT NOT NULL,
                environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
                sealed_key TEXT NOT NULL,
                updated_at TEXT NOT NULL
            ) STRICT;

            CREATE TABLE push_devices (
                project_id TEXT NOT NULL,
                environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
                token TEXT NOT NULL,
                owner_kind TEXT NOT NULL CHECK (owner_kind IN ('email', 'token')),
                owner_value TEXT NOT NULL,
                registered_at TEXT NOT NULL,
                registered_ms INTEGER NOT NULL,
                PRIMARY KEY (project_id, environment, token)
            ) STRICT;
            CREATE INDEX push_devices_owner ON push_devices (project_id, owner_kind, owner_value);
            CREATE INDEX push_devices_age ON push_devices (registered_ms);

            -- One row per (event, device). `pending` rows are the queue; the others are outcomes
            -- kept for seven days.
            CREATE TABLE push_queue (
                id INTEGER PRIMARY KEY,
                event_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                token TEXT NOT NULL,
                owner_kind TEXT NOT NULL,
                owner_value TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('alert', 'badge')),
                apns_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'cancelled', 'discarded')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms INTEGER NOT NULL,
                created_at TEXT NOT NULL,
                created_ms INTEGER NOT NULL,
                completed_ms INTEGER,
                last_status INTEGER,
                last_reason TEXT,
                badge INTEGER,
                UNIQUE (event_id, project_id, environment, token)
            ) STRICT;
            CREATE INDEX push_queue_due ON push_queue (next_attempt_ms, id) WHERE status = 'pending';
            CREATE INDEX push_queue_pending_age ON push_queue (created_ms) WHERE status = 'pending';
            CREATE INDEX push_queue_device ON push_queue (project_id, environment, token) WHERE status = 'pending';
            CREATE INDEX push_queue_completed ON push_queue (completed_ms) WHERE status <> 'pending';
            CREATE INDEX chat_events_received ON chat_events (received_at);
            """)
}

extension PushSchema {
    /// The index that finds a token's pushes (to cancel them when the registration goes) no
    /// longer depends on `status`. As a partial index on pending rows it had to be updated by
    /// every push marked sent, at a random page per push since tokens are random: with 100,000
    /// pending pushes to as many devices, marking a batch sent cost ~40 µs of CPU per push with
    /// it and ~9 µs without (bench/RESULTS.md). Covering every row, it is written once at
    /// enqueue and once at cleanup; a token's other rows are a week of its outcomes, skipped
    /// by `status = 'pending'`.
    static let tokenIndex = Migration(
        name: "0004_push_queue_token",
        sql: """
            DROP INDEX push_queue_device;
            CREATE INDEX push_queue_token ON push_queue (project_id, environment, token);
            """)
}

extension PushSchema {
    /// The queue's `status` check written as comparisons. SQLite (3.40) checks `status IN (five
    /// values)` by building a temporary table of the five values for every row it writes, which
    /// was a third of the instructions of marking a push sent (19k instead of 30k per row once
    /// gone; bench/RESULTS.md). A check cannot be altered in place, so the table is rebuilt with
    /// its rows, IDs and indexes; the allowed values are unchanged.
    static let statusCheck = Migration(
        name: "0005_push_queue_status_check",
        sql: """
            CREATE TABLE push_queue_rebuilt (
                id INTEGER PRIMARY KEY,
                event_id TEXT NOT NULL,
                project_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                token TEXT NOT NULL,
                owner_kind TEXT NOT NULL,
                owner_value TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('alert', 'badge')),
                apns_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status = 'pending' OR status = 'sent' OR status = 'failed' OR status = 'cancelled'
                                            OR status = 'discarded'),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_ms INTEGER NOT NULL,
                created_at TEXT NOT NULL,
                created_ms INTEGER NOT NULL,
                completed_ms INTEGER,
                last_status INTEGER,
                last_reason TEXT,
                badge INTEGER,
                UNIQUE (event_id, project_id, environment, token)
            ) STRICT;
            INSERT INTO push_queue_rebuilt (id, event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id,
                                            status, attempts, next_attempt_ms, created_at, created_ms, completed_ms, last_status,
                                            last_reason, badge)
            SELECT id, event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id,
                   status, attempts, next_attempt_ms, created_at, created_ms, completed_ms, last_status, last_reason, badge
            FROM push_queue;
            DROP TABLE push_queue;
            ALTER TABLE push_queue_rebuilt RENAME TO push_queue;
            CREATE INDEX push_queue_due ON push_queue (next_attempt_ms, id) WHERE status = 'pending';
            CREATE INDEX push_queue_pending_age ON push_queue (created_ms) WHERE status = 'pending';
            CREATE INDEX push_queue_completed ON push_queue (completed_ms) WHERE status <> 'pending';
            CREATE INDEX push_queue_token ON push_queue (project_id, environment, token);
            """)
}
