import Foundation

/// AES-256-GCM sealing of secrets at rest under versioned keys, so keys can be rotated
/// without re-encrypting everything at once.
///
/// Spec: comma-separated `version:key` entries; a key is 32 bytes as base64 (standard or
/// URL-safe, padded or not) or 64 hex characters; a bare key means version `v1`. The first
/// entry seals; every entry opens. Sealed text is
/// `<version>:<base64url(12-byte nonce || ciphertext || 16-byte tag)>`.
public struct Keyring: Sendable, CustomStringConvertible {
    /// The environment variable holding the spec.
    public static let environmentVariable = "APPNORTH_CREDENTIALS_KEY"

    struct Entry: Sendable {
        let version: String
        let key: [UInt8]
    }

    let entries: [Entry]

    /// The version new values are sealed under.
    public var sealingVersion: String { entries[0].version }

    /// Every configured version, sealing version first.
    public var versions: [String] { entries.map(\.version) }

    /// Parses a keyring spec; `invalidKeyring` names the entry at fault but never echoes a key.
    public init(spec: String) throws {
        let trimmed = spec.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CryptoError.invalidKeyring(reason: "the keyring is empty") }
        var entries: [Entry] = []
        for (index, rawEntry) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let position = index + 1
            let entry = rawEntry.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { throw CryptoError.invalidKeyring(reason: "entry \(position) is empty") }
            let version: String
            let keyText: String
            if let colon = entry.firstIndex(of: ":") {
                version = String(entry[..<colon])
                keyText = String(entry[entry.index(after: colon)...])
            } else {
                version = "v1"
                keyText = entry
            }
            guard Self.isValidVersion(version) else {
                throw CryptoError.invalidKeyring(reason: "entry \(position): a version is 1 to 16 of A-Z a-z 0-9 _ -")
            }
            guard let key = Self.decodeKey(keyText) else {
                throw CryptoError.invalidKeyring(
                    reason: "entry \(position): a key is 32 bytes as base64 or 64 hex characters")
            }
            guard !entries.contains(where: { $0.version == version }) else {
                throw CryptoError.invalidKeyring(reason: "version \(version) appears twice")
            }
            entries.append(Entry(version: version, key: key))
        }
        self.entries = entries
    }

    /// The keyring from `APPNORTH_CREDENTIALS_KEY`, or nil when it is unset or empty; a set but
    /// unusable value throws so that a daemon refuses to start rather than store secrets unsealed.
    public static func fromEnvironment(
        _ env: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Keyring? {
        guard let spec = env[environmentVariable],
            !spec.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return nil }
        return try Keyring(spec: spec)
    }

    /// Seals `plaintext` under the first key with a fresh random nonce; `associatedData` (for
    /// example the organization and project) must be given again to open it.
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) throws -> String {
        let entry = entries[0]
        let nonce = SecureRandom.bytes(AESGCM.nonceSize)
        let sealed = try AESGCM.seal(
            key: entry.key, nonce: nonce, plaintext: plaintext,
            associatedData: associatedData)
        return entry.version + ":" + Base64URL.encode(nonce + sealed)
    }

    /// Opens a value sealed under any configured version.
    public func open(_ sealed: String, associatedData: [UInt8]) throws -> [UInt8] {
        guard let colon = sealed.firstIndex(of: ":") else { throw CryptoError.malformedSealedValue }
        let version = String(sealed[..<colon])
        guard Self.isValidVersion(version) else { throw CryptoError.malformedSealedValue }
        guard let entry = entries.first(where: { $0.version == version }) else {
            throw CryptoError.unknownKeyVersion
        }
        guard let blob = Base64URL.decode(String(sealed[sealed.index(after: colon)...])),
            blob.count >= AESGCM.nonceSize + AESGCM.tagSize
        else {
            throw CryptoError.malformedSealedValue
        }
        return try AESGCM.open(
            key: entry.key, nonce: Array(blob[..<AESGCM.nonceSize]),
            sealed: Array(blob[AESGCM.nonceSize...]), associatedData: associatedData)
    }

    /// Seals the UTF-8 bytes of `plaintext`.
    public func seal(_ plaintext: String, associatedData: String) throws -> String {
        try seal(Array(plaintext.utf8), associatedData: Array(associatedData.utf8))
    }

    /// Opens a value sealed from a string; `malformedSealedValue` if the bytes are not UTF-8.
    public func openString(_ sealed: String, associatedData: String) throws -> String {
        let bytes = try open(sealed, associatedData: Array(associatedData.utf8))
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CryptoError.malformedSealedValue }
        return text
    }

    /// Whether `sealed` was made under an older version and should be sealed again.
    public func needsResealing(_ sealed: String) -> Bool {
        guard let colon = sealed.firstIndex(of: ":") else { return true }
        return sealed[..<colon] != sealingVersion
    }

    /// Versions only, never keys.
    public var description: String { "Keyring(versions: \(versions.joined(separator: ",")))" }

    private static func isValidVersion(_ version: String) -> Bool {
        let utf8 = version.utf8
        guard (1...16).contains(utf8.count) else { return false }
        return utf8.allSatisfy { c in
            (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }

    private static func decodeKey(_ text: String) -> [UInt8]? {
        if text.utf8.count == 64, let key = Hex.decode(text) { return key }
        guard let key = Base64URL.decodeLenient(text), key.count == AESGCM.keySize else { return nil }
        return key
    }
}
