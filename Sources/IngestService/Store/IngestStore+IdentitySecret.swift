import Foundation
import HubCrypto

extension IngestStore {
    /// The project's current identity secret in clear, or nil when none was created. Stored
    /// sealed (associated data = project ID) under the hub's keyring; `plain:<secret>` only in a
    /// store without one, until `resealPlainSecrets` runs with a keyring. Cached only until the
    /// next change to `projects`, so a rotation takes effect at once.
    public func identitySecret(projectId: String) throws -> String? {
        try identitySecrets.value(for: projectId, in: projectChanges) { try loadIdentitySecret(projectId: projectId) }
    }

    private func loadIdentitySecret(projectId: String) throws -> String? {
        guard
            let stored = try db.queryOne("SELECT identity_secret FROM projects WHERE id = ?", [.text(projectId)])?
                .string("identity_secret")
        else { return nil }
        if stored.hasPrefix("plain:") { return String(stored.dropFirst(6)) }
        guard let keyring else { throw CryptoError.notConfigured }
        return String(decoding: try keyring.open(stored, associatedData: Array(projectId.utf8)), as: UTF8.self)
    }
}
