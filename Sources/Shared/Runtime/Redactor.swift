import Foundation

/// What must never be written to a log: identity signatures and headers, voter tokens, API
/// tokens, secrets, cookies, private keys.
public enum Redactor {
    static let secretKeyFragments = ["token", "secret", "signature", "password", "passwd", "authorization",
                                     "cookie", "privatekey", "private_key", "identity", "credential", "apikey", "api_key"]

    /// Whether a field, header or query parameter name names a secret.
    public static func isSecretKey(_ key: String) -> Bool {
        let k = key.lowercased()
        return secretKeyFragments.contains { k.contains($0) }
    }

    /// Replaces secrets recognisable by their shape inside free text: bearer credentials,
    /// hub API tokens (`an_…`) and PEM private keys.
    public static func scrub(_ text: String) -> String {
        guard text.contains("Bearer") || text.contains("bearer") || text.contains("an_") || text.contains("PRIVATE KEY") else {
            return text
        }
        var s = text
        for (pattern, replacement) in patterns {
            s = pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: replacement)
        }
        return s
    }

    /// A URL's query string with the values of secret parameters replaced.
    public static func redactQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if parts.count == 2, isSecretKey(name.removingPercentEncoding ?? name) { return name + "=[redacted]" }
            return String(pair)
        }.joined(separator: "&")
    }

    private static let patterns: [(NSRegularExpression, String)] = [
        (try! NSRegularExpression(pattern: "(?i)(bearer)\\s+[A-Za-z0-9._~+/=-]+"), "$1 [redacted]"),
        (try! NSRegularExpression(pattern: "\\ban_[A-Za-z0-9_-]{8,}"), "an_[redacted]"),
        (try! NSRegularExpression(pattern: "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)"), "[redacted private key]"),
    ]
}
