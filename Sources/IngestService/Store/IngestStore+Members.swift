import Foundation
import HubHTTPServer
import HubStore

/// A member of an organization: a user with a role there, and someone reports can be assigned to.
public struct OrganizationMember: Equatable, Sendable {
    public let id: String
    public let name: String
    public let email: String
    public let createdAt: String
    public var role: Role = .member
    public var userId: String? = nil
    /// Whether the person has set a password, so has signed in at least once (accepting a
    /// link signs in).
    public var hasSignedIn: Bool = false

    var json: [String: Any] {
        ["id": id, "name": name, "email": email, "role": role.rawValue, "hasSignedIn": hasSignedIn, "createdAt": createdAt]
    }
}

extension APIError {
    public static let memberExists = APIError(
        status: 409, code: "MEMBER_EXISTS",
        message: "This organization already has a member with this email.")
    public static let memberAssigned = APIError(
        status: 409, code: "MEMBER_ASSIGNED",
        message: "This member is assigned to open feedback; reassign it first.")
    public static let lastOwner = APIError(
        status: 409, code: "LAST_OWNER",
        message: "The organization's last owner cannot be demoted or removed; make another member owner first.")
    public static let roleForbidden = APIError(
        status: 403, code: "FORBIDDEN", message: "This member's role does not allow this action.")
}

extension IngestStore {
    static let memberSelect = """
        SELECT m.*, u.password_hash IS NOT NULL AS has_signed_in FROM organization_members m LEFT JOIN users u ON u.id = m.user_id
        """

    static func member(from row: Row) throws -> OrganizationMember {
        try OrganizationMember(
            id: row.text("id"), name: row.text("name"), email: row.text("email"),
            createdAt: row.text("created_at"), role: row.string("role").flatMap(Role.init(rawValue:)) ?? .member,
            userId: row.string("user_id"), hasSignedIn: row.bool("has_signed_in") ?? false)
    }

    /// Every member of the organization, oldest first.
    public func members(organizationId: String) throws -> [OrganizationMember] {
        try db.query(IngestStore.memberSelect + " WHERE m.organization_id = ? ORDER BY m.created_at, m.id", [.text(organizationId)])
            .map(IngestStore.member(from:))
    }

    /// A member of this organization; nil for another organization's member.
    public func member(id: String, organizationId: String) throws -> OrganizationMember? {
        try db.queryOne(IngestStore.memberSelect + " WHERE m.id = ? AND m.organization_id = ?", [.text(id), .text(organizationId)])
            .map(IngestStore.member(from:))
    }

    /// Adds a member with `role`, and the user of `email` when there is none yet (without a
    /// password: they sign in once a setup or invitation link gives them one). `email` must
    /// already be normalized. 409 `MEMBER_EXISTS` when taken in the organization; 403 when
    /// `actor` may not give `role`.
    public func addMember(organizationId: String, name: String, email: String, role: Role = .member, by actor: AccountActor)
        throws -> OrganizationMember
    {
        try actor.require(.manageMembers)
        if role == .owner { try actor.require(.manageOwners) }
        return try db.transaction { try insertMember(organizationId: organizationId, name: name, email: email, role: role) }
    }

    /// The member row and, when needed, its user; inside the caller's transaction.
    func insertMember(organizationId: String, name: String, email: String, role: Role) throws -> OrganizationMember {
        if try db.queryOne(
            "SELECT 1 FROM organization_members WHERE organization_id = ? AND email = ?",
            [.text(organizationId), .text(email)]) != nil
        {
            throw APIError.memberExists
        }
        let user = try ensureUser(email: email, name: name)
        let member = OrganizationMember(
            id: ids.next(), name: name, email: email, createdAt: now(), role: role, userId: user.id, hasSignedIn: user.hasPassword)
        try db.run(
            "INSERT INTO organization_members (id, organization_id, name, email, created_at, user_id, role) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .text(member.id), .text(organizationId), .text(name), .text(email), .text(member.createdAt), .text(user.id),
                .text(role.rawValue),
            ])
        return member
    }

    /// Gives a member another role. Owners and admins manage roles; only an owner grants or
    /// takes away `owner` (403 `FORBIDDEN`), and the last owner keeps it (409 `LAST_OWNER`).
    public func changeRole(memberId: String, to role: Role, by actor: AccountActor) throws -> OrganizationMember {
        try actor.require(.manageMembers)
        return try db.transaction {
            guard let member = try member(id: memberId, organizationId: actor.organizationId) else {
                throw APIError.adminNotFound("member")
            }
            guard member.role != role else { return member }
            if member.role == .owner || role == .owner { try actor.require(.manageOwners) }
            if member.role == .owner { try requireAnotherOwner(than: member, organizationId: actor.organizationId) }
            try db.run("UPDATE organization_members SET role = ? WHERE id = ?", [.text(role.rawValue), .text(memberId)])
            var changed = member
            changed.role = role
            return changed
        }
    }

    /// 409 `LAST_OWNER` unless the organization has an owner besides `member`.
    func requireAnotherOwner(than member: OrganizationMember, organizationId: String) throws {
        let owners = try db.scalar(
            "SELECT COUNT(*) FROM organization_members WHERE organization_id = ? AND role = 'owner' AND id != ?",
            [.text(organizationId), .text(member.id)]
        ).intValue
        if owners == 0 { throw APIError.lastOwner }
    }

    /// Removes a member, ending their sessions at once; the tokens they created stop working
    /// because their author is gone (`authenticate`). Only an owner removes an owner, never the
    /// last one (409 `LAST_OWNER`). Refused with 409 `MEMBER_ASSIGNED` while any report that is
    /// not done is assigned to them, so open work never silently loses its owner; done reports
    /// still assigned to them are unassigned, with an `assignee` timeline event each.
    public func removeMember(id: String, by actor: AccountActor) throws {
        try actor.require(.manageMembers)
        try db.transaction {
            guard let member = try member(id: id, organizationId: actor.organizationId) else { throw APIError.adminNotFound("member") }
            if member.role == .owner {
                try actor.require(.manageOwners)
                try requireAnotherOwner(than: member, organizationId: actor.organizationId)
            }
            if try db.queryOne("SELECT 1 FROM feedback WHERE assignee_id = ? AND status != 'done' LIMIT 1", [.text(id)]) != nil {
                throw APIError.memberAssigned
            }
            let at = now()
            for row in try db.query("SELECT id FROM feedback WHERE assignee_id = ?", [.text(id)]) {
                let feedbackId = try row.text("id")
                try db.run("UPDATE feedback SET assignee_id = NULL, updated_at = ? WHERE id = ?", [.text(at), .text(feedbackId)])
                try appendFeedbackEvent(
                    feedbackId: feedbackId, kind: "assignee",
                    detail: ["from": id, "to": NSNull(), "reason": "member_removed"], actor: actor.label, at: at)
            }
            try db.run("UPDATE feedback_replies SET author_member_id = NULL WHERE author_member_id = ?", [.text(id)])
            try db.run("UPDATE user_sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL", [.text(at), .text(id)])
            try db.run("DELETE FROM organization_members WHERE id = ?", [.text(id)])
        }
    }
}
