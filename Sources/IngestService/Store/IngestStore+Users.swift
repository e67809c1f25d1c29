import HubStore

extension IngestStore {
    static func user(from row: Row) throws -> AccountUser {
        try AccountUser(
            id: row.text("id"), email: row.text("email"), name: row.text("name"), passwordHash: row.string("password_hash"),
            passwordChangedAt: row.string("password_changed_at"), createdAt: row.text("created_at"))
    }

    /// The user of a normalized email, or nil.
    public func user(email: String) throws -> AccountUser? {
        try db.queryOne("SELECT * FROM users WHERE email = ?", [.text(email)]).map(IngestStore.user(from:))
    }

    public func user(id: String) throws -> AccountUser? {
        try db.queryOne("SELECT * FROM users WHERE id = ?", [.text(id)]).map(IngestStore.user(from:))
    }

    /// The user of `email`, made (without a password) when there is none; inside the caller's transaction.
    func ensureUser(email: String, name: String) throws -> AccountUser {
        if let existing = try user(email: email) { return existing }
        let user = AccountUser(id: ids.next(), email: email, name: name, passwordHash: nil, passwordChangedAt: nil, createdAt: now())
        try db.run(
            "INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)",
            [.text(user.id), .text(email), .text(name), .text(user.createdAt)])
        return user
    }

    /// The user's memberships, oldest first: sign-in acts in the first.
    public func memberships(userId: String) throws -> [(member: OrganizationMember, organizationId: String)] {
        try db.query(IngestStore.memberSelect + " WHERE m.user_id = ? ORDER BY m.created_at, m.id", [.text(userId)]).map {
            (try IngestStore.member(from: $0), try $0.text("organization_id"))
        }
    }

    /// Sets a user's password hash and revokes all of the user's sessions: a password change
    /// signs out everywhere. Inside the caller's transaction.
    func setPassword(userId: String, hash: String) throws {
        let at = now()
        try db.run(
            "UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?", [.text(hash), .text(at), .text(userId)])
        try db.run("UPDATE user_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [.text(at), .text(userId)])
    }
}
