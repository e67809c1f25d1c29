import Foundation
import HubCrypto

extension IngestStore {
    /// Seals, in one transaction, the identity secrets and signing keys kept as `plain:` (written
    /// while the hub had no keyring) under the keyring, with the same associated data as new
    /// values get. Returns how many were sealed; 0 without a keyring.
    public func resealPlainSecrets() throws -> Int {
        guard let keyring else { return 0 }
        return try db.transaction {
            var count = 0
            for row in try db.query("SELECT id, identity_secret FROM projects WHERE substr(identity_secret, 1, 6) = 'plain:'") {
                guard let id = row.string("id"), let stored = row.string("identity_secret") else { continue }
                let sealed = try keyring.seal(String(stored.dropFirst(6)), associatedData: id)
                try db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text(sealed), .text(id)])
                count += 1
            }
            for row in try db.query("SELECT name, secret FROM signing_keys WHERE substr(secret, 1, 6) = 'plain:'") {
                guard let name = row.string("name"), let stored = row.string("secret") else { continue }
                guard let key = Base64URL.decode(String(stored.dropFirst(6))) else { throw CryptoError.malformedSealedValue }
                let sealed = try keyring.seal(key, associatedData: Array(name.utf8))
                try db.run("UPDATE signing_keys SET secret = ? WHERE name = ?", [.text(sealed), .text(name)])
                count += 1
            }
            return count
        }
    }
}
