import HubCrypto
import HubRuntime
import HubStore

extension IngestStore {
    /// The `invitation.created` event for pushd to email `link`; inside the invitation's
    /// transaction. The link is sealed to the invitation (a hub always has a keyring; a store
    /// opened without one emails nothing rather than write the link in the clear).
    func appendInvitationEmail(_ record: AccountCode, link: String, by actor: AccountActor) throws {
        guard let keyring else { return }
        let organization = try db.scalar("SELECT name FROM organizations WHERE id = ?", [.text(record.organizationId)])
        let inviter = try actor.memberId.flatMap { try member(id: $0, organizationId: record.organizationId)?.name }
        let sealed = try keyring.seal(link, associatedData: InvitationCreatedEvent.associatedData(invitationId: record.id))
        try outbox.append(
            InvitationCreatedEvent(
                invitationId: record.id, organizationId: record.organizationId, organizationName: organization.stringValue ?? "",
                inviterName: inviter, email: record.email, role: record.role.rawValue, expiresAt: record.expiresAt,
                sealedLink: sealed),
            projectId: nil)
    }
}
