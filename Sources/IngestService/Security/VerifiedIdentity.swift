/// A credential whose HMAC, expiry and properties checked out for one project.
public struct VerifiedIdentity: Equatable, Sendable {
    /// Trimmed and lowercased, as signed.
    public let email: String
    public let expiresAt: Int64
    /// nil for a v1 credential; a (possibly empty) object for v2.
    public let properties: [String: IdentityProperty]?

    public init(email: String, expiresAt: Int64, properties: [String: IdentityProperty]?) {
        self.email = email
        self.expiresAt = expiresAt
        self.properties = properties
    }
}
