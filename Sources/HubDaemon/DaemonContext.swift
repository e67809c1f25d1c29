import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The running pieces a daemon's handlers and workers are given.
public final class DaemonContext: @unchecked Sendable {
    public let name: DaemonName
    public let config: HubConfig
    public let clock: Clock
    public let logger: Logger
    public let store: SQLiteDatabase
    public let rpc: RPCServer
    public let lifecycle: ServiceLifecycle
    public let startedAt: Date
    /// The daemon's scheduled jobs; one instance answers `jobs.run` for all of them.
    public private(set) lazy var jobs = DaemonJobs(context: self)

    init(
        name: DaemonName, config: HubConfig, clock: Clock, logger: Logger, store: SQLiteDatabase,
        rpc: RPCServer, lifecycle: ServiceLifecycle
    ) {
        self.name = name
        self.config = config
        self.clock = clock
        self.logger = logger
        self.store = store
        self.rpc = rpc
        self.lifecycle = lifecycle
        startedAt = clock.now()
    }

    /// "ok" when the store answers a query, else the error.
    public func storeStatus() -> String {
        do {
            _ = try store.query("SELECT 1")
            return "ok"
        } catch {
            return "error: \(error)"
        }
    }
}
