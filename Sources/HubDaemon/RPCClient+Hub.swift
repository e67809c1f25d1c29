import Foundation
import HubMessaging
import HubRuntime

extension RPCClient {
    /// A client of the hub's daemon `peer` at its configured endpoint, a CURVE client when
    /// that endpoint is `tcp://`, on the ZeroMQ context of that link (`HubConfig.rpcContext(for:)`).
    public convenience init(
        peer: DaemonName, config: HubConfig, clock: Clock, logger: Logger,
        defaultTimeout: TimeInterval
    ) throws {
        try self.init(
            peer: peer.rawValue, endpoint: config.endpoint(for: peer), clock: clock, logger: logger,
            defaultTimeout: defaultTimeout, context: config.rpcContext(for: peer), curve: config.curveClient(for: peer))
    }
}
