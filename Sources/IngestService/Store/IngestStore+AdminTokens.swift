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
        try db.query("SELECT * FROM api_tokens WHERE organization_id = ? ORDER BY created_at, id", [.text(organizationId)])
            .map(IngestStore.apiToken(from:))
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
    /// when the slug is in use.
    public func createOrganizationWithToken(slug: String, name: String, plan: OrganizationPlan = .selfhosted) throws
        -> (organization: Organization, token: String, record: APIToken)
    {
        try db.transaction {
            if try db.queryOne("SELECT id FROM organizations WHERE slug = ?", [.text(slug)]) != nil { throw APIError.slugTaken }
            let organization = try createOrganization(slug: slug, name: name, plan: plan.rawValue)
            let created = try createToken(organizationId: organization.id, name: "First token", scope: .write)
            return (organization, created.token, created.record)
        }
    }
}
