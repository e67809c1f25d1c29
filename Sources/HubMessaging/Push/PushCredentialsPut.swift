/// `push.credentials.put`: stores (or replaces) a project's APNs key, sealed by pushd. A new
/// bundle ID removes the project's devices and their queued pushes.
public enum PushCredentialsPut: RPCMessage {
    public static let type = "push.credentials.put"

    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        /// The public App ID, which notification payloads carry.
        public var appId: String
        public var keyId: String
        public var teamId: String
        public var bundleId: String
        public var environment: PushEnvironment
        /// PKCS#8 PEM of the `.p8` P-256 key.
        public var privateKey: String

        public init(
            projectId: String, appId: String, keyId: String, teamId: String, bundleId: String,
            environment: PushEnvironment, privateKey: String
        ) {
            self.projectId = projectId
            self.appId = appId
            self.keyId = keyId
            self.teamId = teamId
            self.bundleId = bundleId
            self.environment = environment
            self.privateKey = privateKey
        }
    }

    public typealias Response = PushCredentials
}
