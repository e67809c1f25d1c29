/// What the page behind `/invite/{code}` shows before anyone accepts: the organization, the
/// role, the email that may accept, and whether accepting asks for that person's current
/// password (`accountExists`: an invitation for someone who has one) or for a new one (a setup
/// link always sets a new one; someone new also chooses a name).
public struct CodeLookup: Equatable, Sendable {
    public let kind: AccountCode.Kind
    public let organizationId: String
    public let organizationName: String
    public let role: Role
    public let email: String
    public let accountExists: Bool
    public let expiresAt: String
}
