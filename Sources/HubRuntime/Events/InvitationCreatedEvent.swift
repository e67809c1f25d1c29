/// `invitation.created`: someone was invited to an organization, for pushd to email them the
/// link. The link is the invitation's secret: it travels sealed with the hub's keyring
/// (`sealedLink`, associated data `InvitationCreatedEvent.associatedData(invitationId:)`), so
/// neither outbox nor queue holds it in the clear.
public struct InvitationCreatedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.invitationCreated

    public var invitationId: String
    public var organizationId: String
    public var organizationName: String
    /// The member who invited; absent for a token without an author.
    public var inviterName: String?
    /// Who is invited (normalized).
    public var email: String
    /// `owner`, `admin` or `member`.
    public var role: String
    public var expiresAt: String
    public var sealedLink: String

    public init(
        invitationId: String, organizationId: String, organizationName: String, inviterName: String?, email: String, role: String,
        expiresAt: String, sealedLink: String
    ) {
        self.invitationId = invitationId
        self.organizationId = organizationId
        self.organizationName = organizationName
        self.inviterName = inviterName
        self.email = email
        self.role = role
        self.expiresAt = expiresAt
        self.sealedLink = sealedLink
    }

    /// What the link is sealed to: a sealed link copied into another invitation's row does not open.
    public static func associatedData(invitationId: String) -> String { "invitation:" + invitationId }
}
