/// The five daemons of a hub shard. Each owns `<dataDir>/<rawValue>.sqlite`.
public enum DaemonName: String, CaseIterable, Codable, Sendable {
    case ingest, chatd, pushd, marketd, asod

    /// The daemons ingest calls over ZeroMQ.
    public static var backends: [DaemonName] { [.chatd, .pushd, .marketd, .asod] }

    public var environmentPrefix: String { "APPNORTH_" + rawValue.uppercased() }
}
