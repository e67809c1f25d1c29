import Foundation
import HubCrypto
import HubRuntime
import HubStore

extension IngestStore {
    /// Tokens are `an_` + 43 characters of base64url (32 random bytes).
    static func newTokenText() -> String { "an_" + SecureRandom.token(byteCount: 32) }

    static func tokenHash(_ token: String) -> String { SHA256.hex(token) }

    /// The `APPNORTH_ADMIN_TOKEN` bootstrap: an organization `default` owning a `write`
    /// token with exactly that value. Idempotent across restarts.
    /// Answers false when the operator revoked this value: it stays revoked (a start must not
    /// undo a revocation) until `APPNORTH_ADMIN_TOKEN` is set to a different value.
    @discardableResult
    public func ensureBootstrapToken(_ token: String) throws -> Bool {
        try db.transaction {
            let org = try ensureDefaultOrganization()
            let hash = IngestStore.tokenHash(token)
            guard let existing = try db.queryOne("SELECT revoked_at FROM api_tokens WHERE token_hash = ?", [.text(hash)]) else {
                try db.run(
                    """
                    INSERT INTO api_tokens (id, organization_id, name, token_hash, prefix, scope, created_at)
                    VALUES (?, ?, 'APPNORTH_ADMIN_TOKEN', ?, ?, 'write', ?)
                    """, [.text(ids.next()), .text(org), .text(hash), .text(String(token.prefix(8))), .text(now())])
                return true
            }
            return existing.string("revoked_at") == nil
        }
    }

    /// The ID of the organization `default` (the instance operator's), made when missing;
    /// inside the caller's transaction.
    func ensureDefaultOrganization() throws -> String {
        if let row = try db.queryOne("SELECT id FROM organizations WHERE slug = 'default'") { return try row.text("id") }
        let org = ids.next()
        try db.run(
            "INSERT INTO organizations (id, slug, name, plan, created_at) VALUES (?, 'default', 'Default', 'selfhosted', ?)",
            [.text(org), .text(now())])
        return org
    }

    public func createOrganization(slug: String, name: String, plan: String = "selfhosted") throws -> Organization {
        let org = Organization(id: ids.next(), slug: slug, name: name, plan: plan, createdAt: now())
        try db.run(
            "INSERT INTO organizations (id, slug, name, plan, created_at) VALUES (?, ?, ?, ?, ?)",
            [.text(org.id), .text(org.slug), .text(org.name), .text(org.plan), .text(org.createdAt)])
        return org
    }

    /// Sets an organization's plan (when given) and app allowance (when `setsAllowance`);
    /// `nil` when there is no such organization.
    public func updateOrganization(id: String, plan: OrganizationPlan?, appAllowance: Int?, setsAllowance: Bool) throws -> Organization? {
        try db.transaction {
            if let plan { try db.run("UPDATE organizations SET plan = ? WHERE id = ?", [.text(plan.rawValue), .text(id)]) }
            if setsAllowance {
                try db.run("UPDATE organizations SET app_allowance = ? WHERE id = ?", [SQLValue(appAllowance.map(Int64.init)), .text(id)])
            }
            return try organization(id: id)
        }
    }

    public func organization(id: String) throws -> Organization? {
        try db.queryOne("SELECT * FROM organizations WHERE id = ?", [.text(id)]).map(IngestStore.organization(from:))
    }

    static func organization(from row: Row) throws -> Organization {
        try Organization(
            id: row.text("id"), slug: row.text("slug"), name: row.text("name"),
            plan: row.text("plan"), appAllowance: row.int64("app_allowance").map(Int.init), createdAt: row.text("created_at"))
    }

    /// Creates a token and returns its text, which is shown once and never stored. `author` is
    /// the member who made it (nil: the operator's or the organization's own, docs/accounts.md).
    public func createToken(
        organizationId: String, name: String, scope: APIToken.Scope, authorMemberId: String? = nil, actsAsOwner: Bool = false
    ) throws -> (token: String, record: APIToken) {
        let text = IngestStore.newTokenText()
        let record = APIToken(
            id: ids.next(), organizationId: organizationId, name: name, prefix: String(text.prefix(8)),
            scope: scope, createdAt: now(), lastUsedAt: nil, revokedAt: nil, authorMemberId: authorMemberId,
            actsAsOwner: actsAsOwner)
        try db.run(
            """
            INSERT INTO api_tokens (id, organization_id, name, token_hash, prefix, scope, created_at, author_member_id, acts_as_owner)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(record.id), .text(organizationId), .text(name), .text(IngestStore.tokenHash(text)), .text(record.prefix),
                .text(scope.rawValue), .text(record.createdAt), SQLValue(authorMemberId), .int(actsAsOwner ? 1 : 0),
            ])
        return (text, record.withAuthor(try authorMemberId.flatMap { try member(id: $0, organizationId: organizationId) }))
    }

    /// A token with its author's current name and role: tokens are always read through this,
    /// so a removed author shows (and counts) at once.
    static let tokenSelect = """
        SELECT t.*, m.name AS author_name, m.role AS author_role FROM api_tokens t
        LEFT JOIN organization_members m ON m.id = t.author_member_id AND m.organization_id = t.organization_id
        """

    /// The live token with this text, or nil: unknown, revoked, or its author is no longer a
    /// member of its organization.
    public func authenticate(token: String) throws -> APIToken? {
        guard
            let token = try db.queryOne(
                IngestStore.tokenSelect + " WHERE t.token_hash = ? AND t.revoked_at IS NULL",
                [.text(IngestStore.tokenHash(token))]
            ).map(IngestStore.apiToken(from:))
        else { return nil }
        return token.role == nil ? nil : token
    }

    static func apiToken(from row: Row) throws -> APIToken {
        try APIToken(
            id: row.text("id"), organizationId: row.text("organization_id"), name: row.text("name"),
            prefix: row.text("prefix"), scope: APIToken.Scope(rawValue: row.text("scope")) ?? .read,
            createdAt: row.text("created_at"), lastUsedAt: row.string("last_used_at"), revokedAt: row.string("revoked_at"),
            authorMemberId: row.string("author_member_id"), authorName: row.string("author_name"),
            authorRole: row.string("author_role").flatMap(Role.init(rawValue:)), actsAsOwner: row.bool("acts_as_owner") ?? false)
    }
}

extension APIToken {
    /// The record with `author`'s name and role (none when the author is not a member).
    func withAuthor(_ author: OrganizationMember?) -> APIToken {
        var token = self
        token.authorName = author?.name
        token.authorRole = author?.role
        return token
    }
}
