/// An operator API token as listed: never the token itself, only its prefix.
public struct APIToken: Codable, Equatable, Sendable {
    public enum Scope: String, Codable, Sendable {
        case read, write
    }

    public let id: String
    public let organizationId: String
    public let name: String
    public let prefix: String
    public let scope: Scope
    public let createdAt: String
    public let lastUsedAt: String?
    public let revokedAt: String?
}
