/// `push.credentials.get`: a project's APNs settings without the key; 404
/// `PUSH_CREDENTIALS_NOT_FOUND` when none are stored.
public enum PushCredentialsGet: RPCMessage {
    public static let type = "push.credentials.get"

    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public init(projectId: String) { self.projectId = projectId }
    }

    public typealias Response = PushCredentials
}
