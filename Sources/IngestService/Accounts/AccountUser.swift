/// A person who can sign in: one per email across the hub, a member of any number of
/// organizations. The password hash never leaves the store's accounts code.
public struct AccountUser: Equatable, Sendable {
    public let id: String
    /// Trimmed and lowercased.
    public let email: String
    public let name: String
    let passwordHash: String?
    public let passwordChangedAt: String?
    public let createdAt: String

    /// Whether a password was set: until then the user cannot sign in.
    public var hasPassword: Bool { passwordHash != nil }
}
