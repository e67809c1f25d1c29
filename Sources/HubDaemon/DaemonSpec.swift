import HubRuntime
import HubStore

/// What makes one daemon itself: its name, its store's migrations, and how it installs its
/// RPC handlers and workers on a running runtime. Everything else (config, store, ROUTER,
/// `sys.ping`, `sys.backup`, signals) is the same for all five and lives in `Daemon`.
public struct DaemonSpec {
    public let name: DaemonName
    public let migrations: [Migration]
    public let install: (DaemonContext) throws -> Void

    public init(name: DaemonName, migrations: [Migration], install: @escaping (DaemonContext) throws -> Void = { _ in }) {
        self.name = name
        self.migrations = migrations
        self.install = install
    }
}
