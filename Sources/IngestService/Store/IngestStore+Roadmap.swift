import Foundation
import HubCrypto
import HubRuntime
import HubStore

/// The hosted roadmap's handoff codes and sessions (migration `0014_hosted_roadmap`). Codes and
/// session tokens are random and kept only as SHA-256 hashes.
extension IngestStore {
    /// What a handoff code stood for once it was exchanged.
    public struct HandoffExchange: Equatable, Sendable {
        /// The new session's cookie value, shown once.
        public let sessionToken: String
        public let email: String
        /// The idea the handoff opens, when it named one.
        public let ideaId: String?
    }

    /// Why a handoff code is refused. Each is told apart on the page, never to another project.
    public enum HandoffRefusal: String, Error, Sendable {
        /// Not a code of this project (or of none).
        case unknown = "HANDOFF_UNKNOWN"
        case used = "HANDOFF_USED"
        case expired = "HANDOFF_EXPIRED"
    }

    /// Stores a single-use code for `email` in a project, valid `lifetime` seconds from now;
    /// returns the code and its expiry.
    public func createHandoffCode(projectId: String, email: String, ideaId: String?, lifetime: TimeInterval) throws -> (
        code: String, expiresAt: Date
    ) {
        let code = SecureRandom.token(byteCount: 32)
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(lifetime)
        try db.run(
            """
            INSERT INTO handoff_codes (code_hash, project_id, email, idea_id, expires_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(SHA256.hex(code)), .text(projectId), .text(email), SQLValue(ideaId), .text(ISOTime.format(expiresAt)),
                .text(ISOTime.format(now)),
            ])
        return (code, expiresAt)
    }

    /// Uses a code of `projectId` once and opens a session of `sessionLifetime` seconds for its
    /// email, in one transaction: a second exchange of the same code finds it used.
    public func exchangeHandoffCode(_ code: String, projectId: String, sessionLifetime: TimeInterval) throws -> HandoffExchange {
        try db.transaction {
            guard
                let row = try db.queryOne(
                    "SELECT project_id, email, idea_id, expires_at, used_at FROM handoff_codes WHERE code_hash = ?",
                    [.text(SHA256.hex(code))]),
                try row.text("project_id") == projectId
            else { throw HandoffRefusal.unknown }
            let now = clock.now()
            let at = ISOTime.format(now)
            if row.string("used_at") != nil { throw HandoffRefusal.used }
            guard try row.text("expires_at") > at else { throw HandoffRefusal.expired }
            try db.run("UPDATE handoff_codes SET used_at = ? WHERE code_hash = ?", [.text(at), .text(SHA256.hex(code))])
            let token = SecureRandom.token(byteCount: 32)
            let email = try row.text("email")
            let stored = try db.queryOne("SELECT identity_secret FROM projects WHERE id = ?", [.text(projectId)])?.string("identity_secret")
            try db.run(
                """
                INSERT INTO roadmap_sessions (token_hash, project_id, email, secret_hash, expires_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(SHA256.hex(token)), .text(projectId), .text(email), .text(SHA256.hex(stored ?? "")),
                    .text(ISOTime.format(now.addingTimeInterval(sessionLifetime))), .text(at),
                ])
            return HandoffExchange(sessionToken: token, email: email, ideaId: row.string("idea_id"))
        }
    }

    /// The verified email of a live session of `projectId`: not expired, and made under the
    /// project's current identity secret (a rotation since ends it). One indexed read.
    public func roadmapSessionEmail(token: String, projectId: String) throws -> String? {
        guard
            let row = try db.queryOne(
                """
                SELECT s.email, s.secret_hash, p.identity_secret FROM roadmap_sessions s JOIN projects p ON p.id = s.project_id
                WHERE s.token_hash = ? AND s.project_id = ? AND s.expires_at > ?
                """, [.text(SHA256.hex(token)), .text(projectId), .text(now())]),
            row.string("secret_hash") == SHA256.hex(row.string("identity_secret") ?? "")
        else { return nil }
        return row.string("email")
    }

    /// Ends one session (the page's sign-out).
    public func endRoadmapSession(token: String) throws {
        try db.run("DELETE FROM roadmap_sessions WHERE token_hash = ?", [.text(SHA256.hex(token))])
    }

    /// Removes expired codes and sessions; returns how many rows went.
    public func deleteExpiredRoadmapAccess() throws -> Int {
        let at = now()
        return try db.transaction {
            try db.run("DELETE FROM handoff_codes WHERE expires_at <= ?", [.text(at)])
            var removed = db.changes
            try db.run("DELETE FROM roadmap_sessions WHERE expires_at <= ?", [.text(at)])
            removed += db.changes
            return removed
        }
    }
}
