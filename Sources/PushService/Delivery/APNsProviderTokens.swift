import Foundation
import HubCrypto
import HubRuntime

/// The provider tokens (ES256 JWTs) in use, one per APNs key. APNs refuses a token older
/// than an hour and throttles one renewed more often than every 20 minutes, so a token is
/// reused for `lifetime` (50 minutes, inside 20–55) and renewed early only when APNs
/// rejects it. Used by the worker's thread only.
final class APNsProviderTokens {
    /// How long one token is sent before a new one is signed.
    static let lifetime: TimeInterval = 50 * 60

    private struct Entry {
        let sealedKey: String
        let signer: JWTSigner
        var token: String?
        var issuedAt: Int64
    }

    private let clock: Clock
    private var entries: [String: Entry] = [:]
    /// Tokens signed since start.
    private(set) var signed = 0

    init(clock: Clock) {
        self.clock = clock
    }

    /// The key's current token, signing a new one when none is valid.
    func token(for credentials: PushStoredCredentials) throws -> String {
        let name = APNsProviderTokens.name(credentials)
        var entry: Entry
        if let existing = entries[name], existing.sealedKey == credentials.sealedKey {
            entry = existing
        } else {
            entry = Entry(
                sealedKey: credentials.sealedKey,
                signer: JWTSigner(key: try ES256PrivateKey(pem: credentials.privateKeyPEM), keyId: credentials.keyId),
                token: nil, issuedAt: 0)
        }
        let now = Int64(clock.now().timeIntervalSince1970)
        if let token = entry.token, now - entry.issuedAt < Int64(APNsProviderTokens.lifetime), now >= entry.issuedAt {
            entries[name] = entry
            return token
        }
        let token = try entry.signer.apnsToken(teamId: credentials.teamId, issuedAt: now)
        entry.token = token
        entry.issuedAt = now
        entries[name] = entry
        signed += 1
        return token
    }

    /// Drops `token` after APNs refused it, so the next request signs a new one; a token
    /// already replaced is left alone.
    func invalidate(_ token: String, for credentials: PushStoredCredentials) {
        let name = APNsProviderTokens.name(credentials)
        if entries[name]?.token == token { entries[name]?.token = nil }
    }

    static func name(_ credentials: PushStoredCredentials) -> String {
        credentials.teamId + "|" + credentials.keyId
    }
}
