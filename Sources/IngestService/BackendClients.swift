import HubDaemon
import HubMessaging
import HubRuntime

/// One DEALER client per backend daemon, each on its own I/O thread, with round-trip
/// latency and timeouts recorded per daemon.
public final class BackendClients: @unchecked Sendable {
    private let clients: [DaemonName: RPCClient]

    init(config: HubConfig, clock: Clock, logger: Logger, metrics: HubMetrics) throws {
        var clients: [DaemonName: RPCClient] = [:]
        for daemon in DaemonName.backends {
            let client = try RPCClient(peer: daemon, config: config, clock: clock, logger: logger, defaultTimeout: config.rpcTimeout)
            client.observer = { outcome in metrics.record(outcome) }
            clients[daemon] = client
        }
        self.clients = clients
    }

    public subscript(daemon: DaemonName) -> RPCClient { clients[daemon]! }

    func close() { for client in clients.values { client.close() } }
}
