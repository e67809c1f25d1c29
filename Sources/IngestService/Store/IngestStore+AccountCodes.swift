import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime
import HubStore

extension IngestStore {
    static func accountCode(from row: Row) throws -> AccountCode {
        try AccountCode(
            id: row.text("id"), kind: AccountCode.Kind(rawValue: row.text("kind")) ?? .invitation,
            organizationId: row.text("organization_id"), role: Role(rawValue: row.text("role")) ?? .member, email: row.text("email"),
            userId: row.string("user_id"), createdByMemberId: row.string("created_by_member_id"), expiresAt: row.text("expires_at"),
            usedAt: row.string("used_at"), revokedAt: row.string("revoked_at"), createdAt: row.text("created_at"))
    }

    /// A new code, inside the caller's transaction; its text (for the link, shown once) and record.
    func insertCode(
        kind: AccountCode.Kind, organizationId: String, role: Role, email: String, userId: String? = nil,
        createdBy actor: AccountActor? = nil
    ) throws -> (code: String, record: AccountCode) {
        let code = SecureRandom.token(byteCount: 32)
        let at = clock.now()
        let record = AccountCode(
            id: ids.next(), kind: kind, organizationId: organizationId, role: role, email: email, userId: userId,
            createdByMemberId: actor?.memberId, expiresAt: ISOTime.format(at.addingTimeInterval(AccountCode.lifetime)), usedAt: nil,
            revokedAt: nil, createdAt: ISOTime.format(at))
        try db.run(
            """
            INSERT INTO account_codes (id, kind, code_hash, organization_id, role, email, user_id, created_by_member_id,
                                       created_by_token_id, expires_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(record.id), .text(kind.rawValue), .text(SHA256.hex(code)), .text(organizationId), .text(role.rawValue),
                .text(email), SQLValue(userId), SQLValue(actor?.memberId), SQLValue(actor?.tokenId), .text(record.expiresAt),
                .text(record.createdAt),
            ])
        return (code, record)
    }

    /// An invitation for `email` (normalized) to join with `role`, valid 7 days, single use; its
    /// code is returned once. A pending invitation for the same email is replaced. Owners and
    /// admins invite; only an owner invites an owner (403 `FORBIDDEN`). 409 `MEMBER_EXISTS`
    /// when the email is already a member.
    /// With `linkBase`, the invitation is also emailed: its `invitation.created` event (the link
    /// sealed) commits with it (docs/email.md, "Invitations").
    public func createInvitation(email: String, role: Role, by actor: AccountActor, linkBase: String? = nil) throws -> (
        code: String, record: AccountCode
    ) {
        try actor.require(.manageMembers)
        if role == .owner { try actor.require(.manageOwners) }
        return try db.transaction {
            if try db.queryOne(
                "SELECT 1 FROM organization_members WHERE organization_id = ? AND email = ?",
                [.text(actor.organizationId), .text(email)]) != nil
            {
                throw APIError.memberExists
            }
            let replaced = try db.query(
                """
                SELECT id FROM account_codes
                WHERE organization_id = ? AND email = ? AND kind = 'invitation' AND used_at IS NULL AND revoked_at IS NULL
                """, [.text(actor.organizationId), .text(email)])
            try db.run(
                """
                UPDATE account_codes SET revoked_at = ?
                WHERE organization_id = ? AND email = ? AND kind = 'invitation' AND used_at IS NULL AND revoked_at IS NULL
                """, [.text(now()), .text(actor.organizationId), .text(email)])
            for row in replaced { try outbox.append(InvitationRevokedEvent(invitationId: try row.text("id")), projectId: nil) }
            let created = try insertCode(
                kind: .invitation, organizationId: actor.organizationId, role: role, email: email, createdBy: actor)
            if let linkBase {
                try appendInvitationEmail(created.record, link: Accounts.link(code: created.code, base: linkBase), by: actor)
            }
            return created
        }
    }

    /// The organization's codes that can still be used (invitations and setup links), oldest
    /// first, for owners and admins (403 `FORBIDDEN` for others).
    public func pendingCodes(by actor: AccountActor) throws -> [AccountCode] {
        try actor.require(.manageMembers)
        return try db.query(
            """
            SELECT * FROM account_codes
            WHERE organization_id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at, id
            """, [.text(actor.organizationId), .text(now())]
        ).map(IngestStore.accountCode(from:))
    }

    /// Withdraws one of the organization's codes (owners and admins); 404 when it has no such
    /// code. A code already used or revoked stays as it is.
    public func revokeCode(id: String, by actor: AccountActor) throws {
        try actor.require(.manageMembers)
        try db.transaction {
            guard
                try db.queryOne(
                    "SELECT 1 FROM account_codes WHERE id = ? AND organization_id = ?", [.text(id), .text(actor.organizationId)])
                    != nil
            else { throw APIError.adminNotFound("invitation") }
            try db.run(
                "UPDATE account_codes SET revoked_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL",
                [.text(now()), .text(id)])
            if db.changes == 1 { try outbox.append(InvitationRevokedEvent(invitationId: id), projectId: nil) }
        }
    }

    /// The code of a link while it can be used: nil when unknown, used, revoked or expired.
    public func liveCode(_ code: String) throws -> AccountCode? {
        try db.queryOne(
            "SELECT * FROM account_codes WHERE code_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?",
            [.text(SHA256.hex(code)), .text(now())]
        ).map(IngestStore.accountCode(from:))
    }

    /// What the link's page shows (`CodeLookup`); nil when the code cannot be used.
    public func lookUpCode(_ code: String) throws -> CodeLookup? {
        guard let record = try liveCode(code), let organization = try organization(id: record.organizationId) else { return nil }
        return CodeLookup(
            kind: record.kind, organizationId: organization.id, organizationName: organization.name, role: record.role,
            email: record.email, accountExists: try record.kind == .invitation && (user(email: record.email)?.hasPassword ?? false),
            expiresAt: record.expiresAt)
    }

    /// Uses a code, in one transaction: marks it used (once only: a second use, or one racing
    /// this, finds it gone and answers nil), sets the password when `newPasswordHash` is given
    /// (which signs the user out elsewhere), makes the user and member an invitation asks for,
    /// and opens a session in that membership. The caller verified `password` already when the
    /// user had one (`newPasswordHash` nil). 409 `MEMBER_EXISTS` when the invitee became a
    /// member meanwhile.
    func useCode(id: String, name: String?, newPasswordHash: String?) throws -> (token: String, session: TeamSession)? {
        try db.transaction {
            try db.run(
                "UPDATE account_codes SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?",
                [.text(now()), .text(id), .text(now())])
            guard db.changes == 1,
                let record = try db.queryOne("SELECT * FROM account_codes WHERE id = ?", [.text(id)]).map(IngestStore.accountCode(from:))
            else { return nil }
            let member: OrganizationMember
            switch record.kind {
            case .setup:
                guard let userId = record.userId,
                    let existing = try db.queryOne(
                        IngestStore.memberSelect + " WHERE m.user_id = ? AND m.organization_id = ?",
                        [.text(userId), .text(record.organizationId)]
                    ).map(IngestStore.member(from:))
                else { return nil }
                member = existing
            case .invitation:
                let user = try user(email: record.email)
                // The password was checked against a user who had one, or chosen for one who had none: still so.
                guard (user?.hasPassword ?? false) == (newPasswordHash == nil) else { return nil }
                member = try insertMember(
                    organizationId: record.organizationId, name: name ?? user?.name ?? record.email, email: record.email,
                    role: record.role)
            }
            guard let userId = member.userId else { return nil }
            if let newPasswordHash { try setPassword(userId: userId, hash: newPasswordHash) }
            if let name {
                try db.run("UPDATE users SET name = ? WHERE id = ?", [.text(name), .text(userId)])
                try db.run("UPDATE organization_members SET name = ? WHERE id = ?", [.text(name), .text(member.id)])
            }
            return try insertSession(userId: userId, memberId: member.id, organizationId: record.organizationId)
        }
    }
}
