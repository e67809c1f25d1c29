import Foundation

@testable import HubCrypto

/// A v1 verified-identity credential as an app's backend issues it (docs/http-conventions.md,
/// "Verified identity"): HMAC-SHA256 under the project's secret of `v1`, the project ID, the
/// expiry and the email, sent as three headers.
enum IdentityCredential {
    static func headers(
        email: String, projectId: String, secret: String,
        expires: Int64 = Int64(Date().timeIntervalSince1970) + 3_600
    ) -> [(String, String)] {
        let signature = Hex.encode(HMACSHA256.mac(key: Array(secret.utf8), message: "v1\n\(projectId)\n\(expires)\n\(email)"))
        return [
            ("X-AppNorth-Identity-Email", email), ("X-AppNorth-Identity-Expires", String(expires)),
            ("X-AppNorth-Identity-Signature", signature),
        ]
    }
}
