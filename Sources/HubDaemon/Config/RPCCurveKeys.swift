import HubMessaging
import HubRuntime

/// The hub's CURVE keys for ZeroMQ over `tcp://`: this process's key pair
/// (`APPNORTH_RPC_CURVE_SECRET`, `APPNORTH_RPC_CURVE_PUBLIC`) and each daemon's public key
/// (`APPNORTH_<DAEMON>_CURVE_PUBLIC`). A daemon bound at `tcp://` admits only clients holding
/// one of the daemons' keys; a client checks that the daemon it reaches holds that daemon's.
/// `ipc://` and `inproc://` endpoints go without: the 0700 data directory guards them.
public struct RPCCurveKeys: Sendable, Equatable {
    public static let secretVariable = "APPNORTH_RPC_CURVE_SECRET"
    public static let publicVariable = "APPNORTH_RPC_CURVE_PUBLIC"

    public var keyPair: CurveKeyPair
    public var daemonKeys: [DaemonName: String]

    public init(keyPair: CurveKeyPair, daemonKeys: [DaemonName: String]) {
        self.keyPair = keyPair
        self.daemonKeys = daemonKeys
    }

    /// The variable holding `daemon`'s public key.
    public static func publicVariable(of daemon: DaemonName) -> String { daemon.environmentPrefix + "_CURVE_PUBLIC" }

    /// The keys from the environment (`value` reads a variable, nil when unset or empty); nil
    /// when no key pair is set and no endpoint needs one. A `tcp://` endpoint without this
    /// process's key pair or the public key of the daemon there is refused.
    static func fromEnvironment(endpoints: [DaemonName: String], value: (String) -> String?) throws -> RPCCurveKeys? {
        var daemonKeys: [DaemonName: String] = [:]
        for daemon in DaemonName.allCases {
            let name = publicVariable(of: daemon)
            guard let key = value(name) else { continue }
            guard CurveKeyPair.decode(key) != nil else {
                throw ConfigError.invalid(
                    name: name, value: key,
                    reason: "expected a CURVE public key: 40 characters of Z85 (`ingest curve-keypair` makes a pair)")
            }
            daemonKeys[daemon] = key
        }
        let tcp = DaemonName.allCases.filter { endpoints[$0]?.hasPrefix("tcp://") == true }
        let secret = value(secretVariable)
        let publicKey = value(publicVariable)
        guard secret != nil || publicKey != nil || !tcp.isEmpty else { return nil }
        let reason =
            tcp.first.map { "required because \($0.environmentPrefix)_ENDPOINT is tcp://, which is authenticated with CURVE" }
            ?? "set both keys of the pair"
        guard let secret else { throw ConfigError.invalid(name: secretVariable, value: "", reason: reason) }
        guard let publicKey else { throw ConfigError.invalid(name: publicVariable, value: "", reason: reason) }
        guard CurveKeyPair.decode(secret) != nil else {
            throw ConfigError.invalid(
                name: secretVariable, value: "[redacted]", reason: "expected a CURVE secret key: 40 characters of Z85")
        }
        guard let keyPair = CurveKeyPair(secretKey: secret, publicKey: publicKey) else {
            throw ConfigError.invalid(name: publicVariable, value: publicKey, reason: "is not the public key of \(secretVariable)")
        }
        for daemon in tcp where daemonKeys[daemon] == nil {
            throw ConfigError.invalid(
                name: publicVariable(of: daemon), value: "",
                reason: "required because \(daemon.environmentPrefix)_ENDPOINT is tcp://: the key \(daemon.rawValue) proves it holds")
        }
        return RPCCurveKeys(keyPair: keyPair, daemonKeys: daemonKeys)
    }
}
