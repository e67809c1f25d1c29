import HubMessaging
import HubRuntime

extension HubConfig {
    /// The CURVE side of `daemon`'s own server socket: nil unless its endpoint is `tcp://`. Its
    /// key pair must be the one the other daemons expect of it, or none of them could call it.
    public func curveServer(for daemon: DaemonName) throws -> CurveServerKeys? {
        guard endpoint(for: daemon).hasPrefix("tcp://"), let rpcCurve else { return nil }
        guard rpcCurve.daemonKeys[daemon] == rpcCurve.keyPair.publicKey else {
            throw ConfigError.invalid(
                name: RPCCurveKeys.publicVariable, value: rpcCurve.keyPair.publicKey,
                reason: "differs from \(RPCCurveKeys.publicVariable(of: daemon)), the key the other daemons expect of \(daemon.rawValue)")
        }
        return CurveServerKeys(keyPair: rpcCurve.keyPair, admittedClients: Set(rpcCurve.daemonKeys.values))
    }

    /// The CURVE side of a client of `peer`: nil unless the peer's endpoint is `tcp://`.
    public func curveClient(for peer: DaemonName) -> CurveClientKeys? {
        guard endpoint(for: peer).hasPrefix("tcp://"), let rpcCurve, let serverKey = rpcCurve.daemonKeys[peer] else { return nil }
        return CurveClientKeys(keyPair: rpcCurve.keyPair, serverKey: serverKey)
    }

    /// The ZeroMQ context of the link to `daemon`, for its server and for its clients alike:
    /// `ZMQContext.batch` for chatd when the daemons run under `batch` (`cpuScheduling`), else
    /// `ZMQContext.shared`, whose threads run under Linux's default policy. Every chat message
    /// a user sends is a group-committed write that crosses the libzmq I/O thread of ingest and
    /// of chatd; under `batch` those threads take several messages a wake-up (chat 7–20% more a
    /// second at 64 connections, bench/RESULTS.md). The links that pages wait on (marketd's and asod's
    /// for Explore and the App Store tools, pushd's) keep the default policy, which their
    /// chains of calls need.
    public func rpcContext(for daemon: DaemonName) -> ZMQContext {
        cpuScheduling == .batch && daemon == .chatd ? .batch : .shared
    }
}
