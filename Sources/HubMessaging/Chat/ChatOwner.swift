/// Whose conversation a public chat call acts on: the project and the chat identity that
/// ingest resolved from the request (normalized email, or SHA-256 hex of the voter token).
public struct ChatOwner: Codable, Equatable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case email
        case token
    }

    public var projectId: String
    public var kind: Kind
    public var value: String

    public init(projectId: String, kind: Kind, value: String) {
        self.projectId = projectId
        self.kind = kind
        self.value = value
    }
}
