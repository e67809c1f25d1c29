import Foundation

@testable import HubDaemon
@testable import HubMessaging
@testable import HubRuntime

extension HubHarness {
    /// A client of one of the hub's daemons with a socket of its own, as another daemon holds
    /// one; what it logs goes nowhere. The caller closes it.
    func client(
        of daemon: DaemonName, clock: Clock = SystemClock(), defaultTimeout: TimeInterval = 1,
        curve: CurveClientKeys? = nil
    ) throws -> RPCClient {
        try RPCClient(
            peer: daemon.rawValue, endpoint: config.endpoint(for: daemon), clock: clock,
            logger: Logger(daemon: "test", sink: MemoryLogSink()), defaultTimeout: defaultTimeout, curve: curve)
    }
}
