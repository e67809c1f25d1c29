import Foundation
import HubCrypto
import HubStore

/// Changes to a project; nil leaves a field as it is. `appStoreId` is set (possibly to nil)
/// only when `setsAppStoreId`.
public struct AdminProjectChanges: Sendable {
    public var name: String?
    public var allowedOrigins: [String]?
    public var chatMode: Project.ChatMode?
    public var watermark: Bool?
    public var languages: [String]?
    public var automaticReviewRequests: Bool?
    public var setsAppStoreId = false
    public var appStoreId: String?

    public init() {}
}

extension IngestStore {
    /// The organization's projects, oldest first.
    public func projects(organizationId: String) throws -> [Project] {
        try db.query("SELECT * FROM projects WHERE organization_id = ? ORDER BY created_at, id", [.text(organizationId)])
            .map(IngestStore.project(from:))
    }

    /// Applies `changes` to a project of this organization; nil when it has no such project.
    public func updateProject(id: String, organizationId: String, changes: AdminProjectChanges) throws -> Project? {
        try db.transaction {
            guard var project = try project(id: id, organizationId: organizationId) else { return nil }
            if let name = changes.name { project.name = name }
            if let origins = changes.allowedOrigins { project.allowedOrigins = origins }
            if let mode = changes.chatMode { project.chatMode = mode }
            if let watermark = changes.watermark { project.watermark = watermark }
            if let languages = changes.languages { project.languages = languages }
            if let automatic = changes.automaticReviewRequests { project.automaticReviewRequests = automatic }
            if changes.setsAppStoreId { project.appStoreId = changes.appStoreId }
            project.updatedAt = now()
            try db.run(
                """
                UPDATE projects SET name = ?, allowed_origins = ?, chat_mode = ?, watermark = ?, languages = ?,
                       automatic_review_requests = ?, app_store_id = ?, updated_at = ?
                WHERE id = ?
                """,
                [
                    .text(project.name), .text(IngestStore.jsonArray(project.allowedOrigins)), .text(project.chatMode.rawValue),
                    SQLValue(project.watermark), .text(IngestStore.jsonArray(project.languages)),
                    SQLValue(project.automaticReviewRequests), SQLValue(project.appStoreId), .text(project.updatedAt), .text(id),
                ])
            return project
        }
    }

    /// Creates or replaces the project's identity secret (32 random bytes as lowercase hex) and
    /// returns it; the only time it is shown. Sealed with the keyring (associated data: the
    /// project ID); stored as `plain:<secret>` only by a store without one.
    public func rotateIdentitySecret(projectId: String) throws -> String {
        let secret = Hex.encode(SecureRandom.bytes(32))
        let stored = try keyring.map { try $0.seal(secret, associatedData: projectId) } ?? "plain:" + secret
        let at = now()
        try db.run(
            "UPDATE projects SET identity_secret = ?, identity_secret_rotated_at = ?, updated_at = ? WHERE id = ?",
            [.text(stored), .text(at), .text(at), .text(projectId)])
        return secret
    }
}
