import Foundation
import HubRuntime

extension RPCServer {
    /// Answers `sys.ping` with this server's name, the hub version, the uptime on the
    /// server's clock and `store()` (e.g. `"ok"` after a trivial query on the daemon's store).
    public func registerSysPing(store: @escaping () -> String = { "ok" }) {
        let name = self.name
        let clock = self.clock
        let startedAt = self.startedAt
        register(SysPing.self) { _, _ in
            SysPing.Response(
                name: name, version: AppNorth.version,
                uptimeSeconds: max(0, clock.now().timeIntervalSince(startedAt)), store: store())
        }
    }
}
