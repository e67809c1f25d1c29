/// A tenant of the operator API; owns API tokens and projects.
public struct Organization: Codable, Equatable, Sendable {
    public let id: String
    public let slug: String
    public let name: String
    public let plan: String
    public let createdAt: String
}
