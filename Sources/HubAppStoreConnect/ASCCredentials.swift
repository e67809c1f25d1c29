import Foundation
import HubCrypto

/// An App Store Connect API key: issuer ID, key ID and the `.p8` private key. Never logged
/// or returned (its description names only the key ID).
public struct ASCCredentials: Sendable, CustomStringConvertible {
    public let issuerId: String
    public let keyId: String
    public let privateKey: ES256PrivateKey

    public init(issuerId: String, keyId: String, privateKey: ES256PrivateKey) {
        self.issuerId = issuerId
        self.keyId = keyId
        self.privateKey = privateKey
    }

    /// Parses and checks the three fields as an operator enters them; a key that is not a
    /// PKCS#8 P-256 key is `CREDENTIALS_UNREADABLE`, a malformed ID `INVALID_CREDENTIALS`.
    public init(issuerId: String, keyId: String, privateKeyPEM: String) throws {
        let issuer = issuerId.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = keyId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ASCCredentials.isIssuerId(issuer) else { throw ASCError.invalidCredentials("issuerId must be a UUID") }
        guard key.count == 10, key.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw ASCError.invalidCredentials("keyId must be 10 upper-case letters or digits")
        }
        let parsed: ES256PrivateKey
        do {
            parsed = try ES256PrivateKey(pem: privateKeyPEM)
        } catch {
            throw ASCError.credentialsUnreadable
        }
        self.init(issuerId: issuer.lowercased(), keyId: key, privateKey: parsed)
    }

    static func isIssuerId(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    public var description: String { "ASCCredentials(keyId: \(keyId))" }
}
