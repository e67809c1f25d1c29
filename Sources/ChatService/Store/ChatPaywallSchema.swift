import HubStore

/// The latest paywall snapshot each chat identity reported.
enum ChatPaywallSchema {
    /// `chat_paywalls` repeats each snapshot's paywalls as rows, so a card's availability is one
    /// indexed lookup instead of decoding the snapshot for every message read.
    static let paywalls = Migration(
        name: "0003_chat_paywalls",
        sql: """
            CREATE TABLE chat_paywall_snapshots (
                project_id TEXT NOT NULL,
                owner_kind TEXT NOT NULL CHECK (owner_kind IN ('email', 'token')),
                owner_value TEXT NOT NULL,
                snapshot TEXT NOT NULL,
                received_at TEXT NOT NULL,
                PRIMARY KEY (project_id, owner_kind, owner_value)
            ) STRICT, WITHOUT ROWID;

            CREATE TABLE chat_paywalls (
                project_id TEXT NOT NULL,
                owner_kind TEXT NOT NULL,
                owner_value TEXT NOT NULL,
                paywall_id TEXT NOT NULL,
                title TEXT NOT NULL,
                available INTEGER NOT NULL,
                PRIMARY KEY (project_id, owner_kind, owner_value, paywall_id)
            ) STRICT, WITHOUT ROWID;
            """)
}
