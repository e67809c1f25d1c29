/// Whose data one erasure removes. A participant is one person in one app, named the way the
/// daemons store them (`ChatOwner`: a normalized verified email, or the SHA-256 hex of an
/// anonymous voter token); an organization is a whole account with every one of its apps.
public struct ErasureSubject: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case participant
        case organization
    }

    public var kind: Kind
    public var organizationId: String
    /// The app of a participant (exactly one), or every app of an organization.
    public var projectIds: [String]
    /// The participant; nil for an organization.
    public var owner: ChatOwner?

    public init(kind: Kind, organizationId: String, projectIds: [String], owner: ChatOwner?) {
        self.kind = kind
        self.organizationId = organizationId
        self.projectIds = projectIds
        self.owner = owner
    }

    public static func participant(organizationId: String, owner: ChatOwner) -> ErasureSubject {
        ErasureSubject(kind: .participant, organizationId: organizationId, projectIds: [owner.projectId], owner: owner)
    }

    public static func organization(_ organizationId: String, projectIds: [String]) -> ErasureSubject {
        ErasureSubject(kind: .organization, organizationId: organizationId, projectIds: projectIds, owner: nil)
    }
}
