import Foundation
import HubCrypto
import HubRuntime
import HubStore

extension IngestStore {
    /// A new session of `userId` acting as `memberId`, inside the caller's transaction; the
    /// cookie value, shown once, and the session.
    func insertSession(userId: String, memberId: String, organizationId: String) throws -> (token: String, session: TeamSession) {
        let token = SecureRandom.token(byteCount: 32)
        let id = ids.next()
        let at = now()
        try db.run(
            """
            INSERT INTO user_sessions (id, token_hash, user_id, member_id, organization_id, form_token, created_at, last_seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(SHA256.hex(token)), .text(userId), .text(memberId), .text(organizationId),
                .text(SecureRandom.token(byteCount: 32)), .text(at), .text(at),
            ])
        guard let session = try sessionRow("s.id = ?", .text(id)) else { throw StoreError.sqlite(code: 1, message: "session vanished") }
        return (token, session)
    }

    /// The live session of a cookie value: nil when unknown, revoked, idle 14 days, signed in
    /// 30 days ago, or when its member was removed. Touches `last_seen_at` at most once a minute.
    public func session(token: String) throws -> TeamSession? {
        let now = clock.now()
        guard
            let session = try sessionRow(
                "s.token_hash = ? AND s.revoked_at IS NULL AND s.created_at > ? AND s.last_seen_at > ?",
                .text(SHA256.hex(token)), .text(ISOTime.format(now.addingTimeInterval(-TeamSession.absoluteLifetime))),
                .text(ISOTime.format(now.addingTimeInterval(-TeamSession.idleLifetime))))
        else { return nil }
        guard session.lastSeenAt <= ISOTime.format(now.addingTimeInterval(-TeamSession.lastSeenResolution)) else { return session }
        try db.run("UPDATE user_sessions SET last_seen_at = ? WHERE id = ?", [.text(ISOTime.format(now)), .text(session.id)])
        return try sessionRow("s.id = ?", .text(session.id))
    }

    /// Ends the session of a cookie value; false when it was not live.
    @discardableResult
    public func revokeSession(token: String) throws -> Bool {
        try db.run(
            "UPDATE user_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL", [.text(now()), .text(SHA256.hex(token))])
        return db.changes > 0
    }

    private func sessionRow(_ condition: String, _ args: SQLValue...) throws -> TeamSession? {
        guard
            let row = try db.queryOne(
                """
                SELECT s.*, m.role, m.name AS member_name, m.whats_new_seen_at, u.email, o.name AS organization_name FROM user_sessions s
                JOIN organization_members m ON m.id = s.member_id AND m.organization_id = s.organization_id AND m.user_id = s.user_id
                JOIN users u ON u.id = s.user_id
                JOIN organizations o ON o.id = s.organization_id
                WHERE \(condition)
                """, args)
        else { return nil }
        let created = try row.text("created_at")
        let seen = try row.text("last_seen_at")
        let ends = min(
            (ISOTime.parse(created) ?? clock.now()).addingTimeInterval(TeamSession.absoluteLifetime),
            (ISOTime.parse(seen) ?? clock.now()).addingTimeInterval(TeamSession.idleLifetime))
        return try TeamSession(
            id: row.text("id"), userId: row.text("user_id"), memberId: row.text("member_id"),
            organizationId: row.text("organization_id"), organizationName: row.text("organization_name"), email: row.text("email"),
            name: row.text("member_name"), role: Role(rawValue: row.text("role")) ?? .member, formToken: row.text("form_token"),
            createdAt: created, lastSeenAt: seen, expiresAt: ISOTime.format(ends), whatsNewSeenAt: row.string("whats_new_seen_at"))
    }
}

extension IngestStore {
    /// A new session of `userId` acting as `memberId`: the cookie value, shown once, and the session.
    public func openSession(userId: String, memberId: String, organizationId: String) throws -> (token: String, session: TeamSession) {
        try db.transaction { try insertSession(userId: userId, memberId: memberId, organizationId: organizationId) }
    }

    /// Sets a new password hash, revoking every session of the user, and opens a fresh session
    /// in `memberId`, in one transaction.
    public func changePassword(userId: String, hash: String, memberId: String, organizationId: String) throws
        -> (token: String, session: TeamSession)
    {
        try db.transaction {
            try setPassword(userId: userId, hash: hash)
            return try insertSession(userId: userId, memberId: memberId, organizationId: organizationId)
        }
    }

    /// Sessions past their idle or absolute limit, or revoked, and codes expired more than a
    /// week ago: nothing can use them any more (`CleanupJob`).
    public func deleteExpiredAccountRows() throws -> Int {
        let now = clock.now()
        return try db.transaction {
            try db.run(
                "DELETE FROM user_sessions WHERE revoked_at IS NOT NULL OR created_at <= ? OR last_seen_at <= ?",
                [
                    .text(ISOTime.format(now.addingTimeInterval(-TeamSession.absoluteLifetime))),
                    .text(ISOTime.format(now.addingTimeInterval(-TeamSession.idleLifetime))),
                ])
            let sessions = db.changes
            try db.run(
                "DELETE FROM account_codes WHERE expires_at <= ?", [.text(ISOTime.format(now.addingTimeInterval(-7 * 86_400)))])
            return sessions + db.changes
        }
    }
}
