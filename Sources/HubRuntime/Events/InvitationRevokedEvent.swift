/// `invitation.revoked`: an invitation was withdrawn or replaced by a newer one for the same
/// email before it was used; pushd drops its email if it has not gone out yet.
public struct InvitationRevokedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.invitationRevoked

    public var invitationId: String

    public init(invitationId: String) { self.invitationId = invitationId }
}
