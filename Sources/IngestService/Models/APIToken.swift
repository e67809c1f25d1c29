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
    /// The member who created it; nil for the bootstrap token, an organization's first token,
    /// the tokens those made, and tokens made before authors were recorded.
    public var authorMemberId: String? = nil
    /// The author's name and role now; nil without an author or once the author is no longer
    /// a member (the token is then refused).
    public var authorName: String? = nil
    public var authorRole: Role? = nil
    /// Made with a new organization (or by such a token): acts as that organization's owner.
    public var actsAsOwner: Bool = false

    /// The role the token acts with: its author's, or owner without an author (docs/accounts.md,
    /// "API tokens"); nil when its author is no longer a member.
    public var role: Role? { authorMemberId == nil ? .owner : authorRole }
}
