/// `sys.ping`: a daemon's health. The supervisor and `/healthz` call it.
public enum SysPing: RPCMessage {
    public static let type = "sys.ping"
    public typealias Request = RPCEmpty

    public struct Response: Codable, Equatable, Sendable {
        /// The daemon's name, e.g. `"chatd"`.
        public let name: String
        /// The hub build, `AppNorth.version`.
        public let version: String
        public let uptimeSeconds: Double
        /// The state of the daemon's store, e.g. `"ok"`.
        public let store: String

        public init(name: String, version: String, uptimeSeconds: Double, store: String) {
            self.name = name
            self.version = version
            self.uptimeSeconds = uptimeSeconds
            self.store = store
        }
    }
}
