import Foundation
import HubCrypto

extension IngestStore {
    /// The 32-byte key named `name`, made on first use and kept across restarts. Sealed with the
    /// keyring (associated data: the name); stored as `plain:<key>` only by a store without one.
    public func signingKey(named name: String) throws -> [UInt8] {
        try db.transaction {
            if let stored = try db.queryOne("SELECT secret FROM signing_keys WHERE name = ?", [.text(name)])?.string("secret") {
                if stored.hasPrefix("plain:") {
                    guard let key = Base64URL.decode(String(stored.dropFirst(6))) else { throw CryptoError.notConfigured }
                    return key
                }
                guard let keyring else { throw CryptoError.notConfigured }
                return try keyring.open(stored, associatedData: Array(name.utf8))
            }
            let key = SecureRandom.bytes(32)
            let stored = try keyring.map { try $0.seal(key, associatedData: Array(name.utf8)) } ?? "plain:" + Base64URL.encode(key)
            try db.run("INSERT INTO signing_keys (name, secret, created_at) VALUES (?, ?, ?)", [.text(name), .text(stored), .text(now())])
            return key
        }
    }
}
