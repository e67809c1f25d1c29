import Foundation
import HubMessaging

/// What a typed RevenueCat key must look like before anything is sent: a secret v2 key
/// (`sk_…`). The public SDK keys an app ships (`appl_`, `goog_`, …) cannot read metrics, and
/// saying so is more useful than RevenueCat's 401.
enum RevenueCatKey {
    static let publicPrefixes = ["appl_", "goog_", "amzn_", "strp_", "rcb_", "test_", "mac_"]
    static let maximumLength = 256

    /// The trimmed key, or 400 `INVALID_PAYLOAD` on `secretKey`.
    static func checked(_ raw: String) throws -> String {
        let key = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let problem: String?
        if key.isEmpty {
            problem = "is required"
        } else if key.utf8.count > maximumLength {
            problem = "must be at most \(maximumLength) characters"
        } else if let prefix = publicPrefixes.first(where: { key.hasPrefix($0) }) {
            problem =
                "is a public SDK key (\(prefix)…), the one an app ships; use a secret v2 API key (sk_…) from RevenueCat's API keys page"
        } else if !key.hasPrefix("sk_") {
            problem = "must be a secret v2 API key (sk_…)"
        } else if !key.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) {
            problem = "must be the key as RevenueCat shows it"
        } else {
            problem = nil
        }
        if let problem { throw RPCError.asoInvalidPayload(["secretKey": [problem]]) }
        return key
    }

    /// A RevenueCat project ID (`proj…`) as it may go into a path.
    static func checkedProjectId(_ raw: String?) throws -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        guard raw.utf8.count <= 255,
            raw.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 32 >= 97 && $0 | 32 <= 122) || $0 == 95 || $0 == 45 })
        else {
            throw RPCError.asoInvalidPayload(["projectId": ["must be a RevenueCat project ID (proj…)"]])
        }
        return raw
    }
}
