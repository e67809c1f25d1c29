import HubRuntime
import HubStore

extension Migration {
    /// The first step of every daemon's store: a small table that says whose file this is,
    /// so a store opened by the wrong daemon is refused instead of silently migrated.
    public static func daemonMeta(_ daemon: DaemonName) -> Migration {
        Migration(
            name: "0001_daemon_meta",
            sql: """
                CREATE TABLE daemon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                INSERT INTO daemon_meta (key, value) VALUES ('daemon', '\(daemon.rawValue)'),
                    ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
                """)
    }
}
