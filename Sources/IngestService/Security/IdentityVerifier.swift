import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// Checks `X-AppNorth-Identity-*` headers against a project's secret (docs/http-conventions.md,
/// "Verified identity"):
/// v1 signs `v1\n<projectId>\n<expiresAt>\n<email>`, v2 adds `\n<canonicalProperties>`.
/// HMAC-SHA256 with the secret's UTF-8 bytes as key, compared in constant time; the
/// credential must expire in the future and at most 24 h ahead (60 s skew allowed).
public struct IdentityVerifier: Sendable {
    public static let emailHeader = "X-AppNorth-Identity-Email"
    public static let expiresHeader = "X-AppNorth-Identity-Expires"
    public static let signatureHeader = "X-AppNorth-Identity-Signature"
    public static let propertiesHeader = "X-AppNorth-Identity-Properties"

    let clock: Clock

    public init(clock: Clock) { self.clock = clock }

    /// Whether the request carries any identity header at all.
    public static func hasCredential(_ headers: HTTPHeaders) -> Bool {
        [emailHeader, expiresHeader, signatureHeader, propertiesHeader].contains { headers[$0] != nil }
    }

    /// The verified identity, or nil when no identity header is present. `secret` is the
    /// project's current identity secret (nil when none was created).
    public func verify(_ headers: HTTPHeaders, projectId: String, secret: String?) throws -> VerifiedIdentity? {
        guard IdentityVerifier.hasCredential(headers) else { return nil }
        guard let secret else { throw APIError.identityNotConfigured }
        guard let rawEmail = headers[IdentityVerifier.emailHeader], let rawExpires = headers[IdentityVerifier.expiresHeader],
            let signature = headers[IdentityVerifier.signatureHeader]
        else {
            throw APIError.invalidIdentity("The identity credential is incomplete.")
        }
        let email = rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        guard IdentityVerifier.isPlausibleEmail(email) else { throw APIError.invalidIdentity("The identity email is not valid.") }
        guard !rawExpires.isEmpty, rawExpires.utf8.count <= 12, rawExpires.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let expiresAt = Int64(rawExpires)
        else {
            throw APIError.invalidIdentity("The identity expiry must be integer Unix seconds.")
        }
        let now = Int64(clock.now().timeIntervalSince1970)
        guard expiresAt > now - InputLimits.identityClockSkewSeconds else {
            throw APIError.invalidIdentity("The identity credential has expired.")
        }
        guard expiresAt <= now + InputLimits.identityLifetimeSeconds + InputLimits.identityClockSkewSeconds else {
            throw APIError.invalidIdentity("The identity credential lives longer than 24 hours.")
        }
        guard signature.utf8.count == 64, let mac = Hex.decode(signature), signature == signature.lowercased() else {
            throw APIError.invalidIdentity("The identity signature must be 64 lowercase hex characters.")
        }
        var payload = "\(projectId)\n\(expiresAt)\n\(email)"
        var properties: [String: IdentityProperty]?
        if let encoded = headers[IdentityVerifier.propertiesHeader] {
            guard let bytes = Base64URL.decode(encoded) else {
                throw APIError.invalidIdentity("The identity properties are not base64url without padding.")
            }
            do {
                properties = try CanonicalProperties.parse(bytes)
            } catch let failure as CanonicalProperties.Failure {
                throw APIError.invalidIdentity("Invalid identity properties: \(failure).")
            }
            payload = "v2\n" + payload + "\n" + String(decoding: bytes, as: UTF8.self)
        } else {
            payload = "v1\n" + payload
        }
        guard HMACSHA256.verify(mac, key: Array(secret.utf8), message: Array(payload.utf8)) else {
            throw APIError.invalidIdentity("The identity signature does not match.")
        }
        return VerifiedIdentity(email: email, expiresAt: expiresAt, properties: properties)
    }

    /// One `@`, something on both sides, no spaces, at most 320 characters.
    static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return email.utf16.count <= InputLimits.email && parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !email.contains(where: { $0.isWhitespace })
    }
}
