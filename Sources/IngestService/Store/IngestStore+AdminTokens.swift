import Foundation
import HubHTTPServer
import HubRuntime

extension IngestStore {
    /// Stamps a token's `last_used_at`; callers throttle (see `AdminAuth`).
    public func recordTokenUse(id: String) throws {
        try db.run("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", [.text(now()), .text(id)])
    }

    /// Every token of an organization, revoked ones included, oldest first.
    public func tokens(organizationId: String) throws -> [APIToken] {
        try db.query(IngestStore.tokenSelect + " WHERE t.organization_id = ? ORDER BY t.created_at, t.id", [.text(organizationId)])
            .map(IngestStore.apiToken(from:))
    }

    /// The tokens a member created, revoked ones included, oldest first.
    public func tokens(authorMemberId: String, organizationId: String) throws -> [APIToken] {
        try db.query(
            IngestStore.tokenSelect + " WHERE t.author_member_id = ? AND t.organization_id = ? ORDER BY t.created_at, t.id",
            [.text(authorMemberId), .text(organizationId)]
        ).map(IngestStore.apiToken(from:))
    }

    /// The organization's tokens, for owners and admins (403 `FORBIDDEN` for others).
    public func tokens(by actor: AccountActor) throws -> [APIToken] {
        try actor.require(.manageTokens)
        return try tokens(organizationId: actor.organizationId)
    }

    /// A token made by `actor` (owners and admins), authored by its member: the token acts
    /// with that member's role for as long as they are a member.
    public func createToken(name: String, scope: APIToken.Scope, by actor: AccountActor) throws -> (token: String, record: APIToken) {
        try actor.require(.manageTokens)
        return try createToken(organizationId: actor.organizationId, name: name, scope: scope, authorMemberId: actor.memberId)
    }

    /// Revokes one of the organization's tokens for owners and admins (403 for others); false
    /// when it has no such token.
    public func revokeToken(id: String, by actor: AccountActor) throws -> Bool {
        try actor.require(.manageTokens)
        return try revokeToken(id: id, organizationId: actor.organizationId)
    }

    /// Revokes a token of this organization at once; false when it has no such token.
    /// Revoking twice keeps the first revocation time.
    public func revokeToken(id: String, organizationId: String) throws -> Bool {
        try db.transaction {
            guard
                try db.queryOne(
                    "SELECT id FROM api_tokens WHERE id = ? AND organization_id = ?",
                    [.text(id), .text(organizationId)]) != nil
            else { return false }
            try db.run("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [.text(now()), .text(id)])
            return true
        }
    }

    /// A new organization and its first `write` token, in one transaction; 409 `SLUG_TAKEN`
    /// when the slug is in use. The token has no author and acts as the organization's owner
    /// until revoked: the organization has no member yet who could own it.
    public func createOrganizationWithToken(slug: String, name: String, plan: OrganizationPlan = .selfhosted) throws
        -> (organization: Organization, token: String, record: APIToken)
    {
        try db.transaction {
            if try db.queryOne("SELECT id FROM organizations WHERE slug = ?", [.text(slug)]) != nil { throw APIError.slugTaken }
            let organization = try createOrganization(slug: slug, name: name, plan: plan.rawValue)
            let created = try createToken(organizationId: organization.id, name: "First token", scope: .write, actsAsOwner: true)
            return (organization, created.token, created.record)
        }
    }
}
