import HubHTTPServer
import HubStore

extension APIError {
    public static let organizationNotFound = APIError(status: 404, code: "NOT_FOUND", message: "No organization has this slug.")
}

extension IngestStore {
    /// What `ingest user add` does, in one short transaction (the hub may be running): the user
    /// of `email` (normalized) when missing, their membership of the organization `slug` with
    /// `role` (an existing member gets `role`, unless that demotes the last owner: 409
    /// `LAST_OWNER`), and a setup code, valid 7 days and single use, that lets them set their
    /// password; an older pending setup code of theirs there is revoked. The organization
    /// `default` is made when missing, as the bootstrap token makes it; any other slug must exist.
    public func addUserWithSetupCode(email: String, role: Role, organizationSlug slug: String) throws
        -> (code: String, record: AccountCode)
    {
        try db.transaction {
            let organizationId: String
            if slug == "default" {
                organizationId = try ensureDefaultOrganization()
            } else if let row = try db.queryOne("SELECT id FROM organizations WHERE slug = ?", [.text(slug)]) {
                organizationId = try row.text("id")
            } else {
                throw APIError.organizationNotFound
            }
            let name = String(email.prefix { $0 != "@" })
            let member: OrganizationMember
            if let user = try user(email: email),
                let existing = try db.queryOne(
                    IngestStore.memberSelect + " WHERE m.user_id = ? AND m.organization_id = ?", [.text(user.id), .text(organizationId)]
                ).map(IngestStore.member(from:))
            {
                member = existing
                if existing.role == .owner, role != .owner { try requireAnotherOwner(than: existing, organizationId: organizationId) }
                try db.run("UPDATE organization_members SET role = ? WHERE id = ?", [.text(role.rawValue), .text(existing.id)])
            } else {
                member = try insertMember(organizationId: organizationId, name: name, email: email, role: role)
            }
            guard let userId = member.userId else { throw APIError.internal() }
            try db.run(
                """
                UPDATE account_codes SET revoked_at = ?
                WHERE organization_id = ? AND user_id = ? AND kind = 'setup' AND used_at IS NULL AND revoked_at IS NULL
                """, [.text(now()), .text(organizationId), .text(userId)])
            return try insertCode(kind: .setup, organizationId: organizationId, role: role, email: email, userId: userId)
        }
    }
}
