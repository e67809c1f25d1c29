import Foundation
import HubHTTPServer
import HubStore

/// A teammate of an organization: someone reports can be assigned to.
public struct OrganizationMember: Equatable, Sendable {
    public let id: String
    public let name: String
    public let email: String
    public let createdAt: String

    var json: [String: Any] { ["id": id, "name": name, "email": email, "createdAt": createdAt] }
}

extension APIError {
    public static let memberExists = APIError(
        status: 409, code: "MEMBER_EXISTS",
        message: "This organization already has a member with this email.")
    public static let memberAssigned = APIError(
        status: 409, code: "MEMBER_ASSIGNED",
        message: "This member is assigned to open feedback; reassign it first.")
}

extension IngestStore {
    static func member(from row: Row) throws -> OrganizationMember {
        try OrganizationMember(
            id: row.text("id"), name: row.text("name"), email: row.text("email"),
            createdAt: row.text("created_at"))
    }

    /// Every member of the organization, oldest first.
    public func members(organizationId: String) throws -> [OrganizationMember] {
        try db.query(
            "SELECT * FROM organization_members WHERE organization_id = ? ORDER BY created_at, id",
            [.text(organizationId)]
        ).map(IngestStore.member(from:))
    }

    /// A member of this organization; nil for another organization's member.
    public func member(id: String, organizationId: String) throws -> OrganizationMember? {
        try db.queryOne(
            "SELECT * FROM organization_members WHERE id = ? AND organization_id = ?",
            [.text(id), .text(organizationId)]
        ).map(IngestStore.member(from:))
    }

    /// Adds a member; `email` must already be normalized. 409 `MEMBER_EXISTS` when taken in the organization.
    public func addMember(organizationId: String, name: String, email: String) throws -> OrganizationMember {
        try db.transaction {
            if try db.queryOne(
                "SELECT 1 FROM organization_members WHERE organization_id = ? AND email = ?",
                [.text(organizationId), .text(email)]) != nil
            {
                throw APIError.memberExists
            }
            let member = OrganizationMember(id: ids.next(), name: name, email: email, createdAt: now())
            try db.run(
                "INSERT INTO organization_members (id, organization_id, name, email, created_at) VALUES (?, ?, ?, ?, ?)",
                [.text(member.id), .text(organizationId), .text(name), .text(email), .text(member.createdAt)])
            return member
        }
    }

    /// Removes a member. Refused with 409 `MEMBER_ASSIGNED` while any report that is not done
    /// is assigned to them, so open work never silently loses its owner; done reports still
    /// assigned to them are unassigned, with an `assignee` timeline event each.
    public func removeMember(id: String, organizationId: String, actor: String) throws {
        try db.transaction {
            guard try member(id: id, organizationId: organizationId) != nil else { throw APIError.adminNotFound("member") }
            if try db.queryOne("SELECT 1 FROM feedback WHERE assignee_id = ? AND status != 'done' LIMIT 1", [.text(id)]) != nil {
                throw APIError.memberAssigned
            }
            let at = now()
            for row in try db.query("SELECT id FROM feedback WHERE assignee_id = ?", [.text(id)]) {
                let feedbackId = try row.text("id")
                try db.run("UPDATE feedback SET assignee_id = NULL, updated_at = ? WHERE id = ?", [.text(at), .text(feedbackId)])
                try appendFeedbackEvent(
                    feedbackId: feedbackId, kind: "assignee",
                    detail: ["from": id, "to": NSNull(), "reason": "member_removed"], actor: actor, at: at)
            }
            try db.run("UPDATE feedback_replies SET author_member_id = NULL WHERE author_member_id = ?", [.text(id)])
            try db.run("DELETE FROM organization_members WHERE id = ?", [.text(id)])
        }
    }
}
