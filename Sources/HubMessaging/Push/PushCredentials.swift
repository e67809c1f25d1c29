/// A project's APNs token-auth settings as shown to the operator: never the key itself.
public struct PushCredentials: Codable, Equatable, Sendable {
    public var keyId: String
    public var teamId: String
    public var bundleId: String
    public var environment: PushEnvironment
    public var updatedAt: String

    public init(keyId: String, teamId: String, bundleId: String, environment: PushEnvironment, updatedAt: String) {
        self.keyId = keyId
        self.teamId = teamId
        self.bundleId = bundleId
        self.environment = environment
        self.updatedAt = updatedAt
    }
}
