import Foundation

/// The ICU regular expressions the hub's secret scanners replaced, kept as the oracle their
/// results are compared with: on the texts where the regexes are fast, the scanners must
/// answer exactly what these do.
public enum SecretRegexOracle {
    static let secretName = "[A-Za-z0-9_.-]*(?:password|passwd|pwd|token|secret|api[_-]?key|apikey|session[_-]?id)"

    static let feedbackPatterns: [(NSRegularExpression, String)] = [
        (regex("(?i)(\"\(secretName)\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\""), "$1\"[redacted]\""),
        (regex("(?i)\\b((?:proxy-)?authorization\\s*[:=]\\s*)[^\\r\\n\"]+"), "$1[redacted]"),
        (regex("(?i)\\b((?:set-)?cookie\\s*[:=]\\s*)[^\\r\\n\"]+"), "$1[redacted]"),
        (regex("(?i)\\b(bearer)\\s+[A-Za-z0-9._~+/=-]+"), "$1 [redacted]"),
        (regex("\\beyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*"), "[redacted]"),
        (regex("(?i)\\b(\(secretName)\\s*[=:]\\s*)(?!\\[redacted\\])[^\\s&,;\"']+"), "$1[redacted]"),
        (regex("\\ban_[A-Za-z0-9_-]{8,}"), "[redacted]"),
        (regex("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"), "[redacted]"),
    ]
    static let feedbackTriggers = ["auth", "cookie", "bearer", "eyj", "pass", "pwd", "token", "secret", "key", "an_", "session"]

    static let logPatterns: [(NSRegularExpression, String)] = [
        (regex("(?i)(bearer)\\s+[A-Za-z0-9._~+/=-]+"), "$1 [redacted]"),
        (regex("\\ban_[A-Za-z0-9_-]{8,}"), "an_[redacted]"),
        (regex("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)"), "[redacted private key]"),
    ]
    static let logTriggers = ["bearer", "an_", "private key"]

    static func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }

    static func apply(_ patterns: [(NSRegularExpression, String)], triggers: [String], to text: String) -> String {
        let lower = text.lowercased()
        guard triggers.contains(where: { lower.contains($0) }) else { return text }
        var s = text
        for (pattern, template) in patterns {
            s = pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)
        }
        return s
    }

    /// What the feedback sanitizer's regexes made of free text.
    public static func feedback(_ text: String) -> String { apply(feedbackPatterns, triggers: feedbackTriggers, to: text) }

    /// What the log redactor's regexes made of free text.
    public static func log(_ text: String) -> String { apply(logPatterns, triggers: logTriggers, to: text) }

    /// Whether the old anchored pattern called `key` a secret name.
    public static func isSecretName(_ key: String) -> Bool {
        key.range(of: "^\(secretName)$", options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Short texts built from the pieces the patterns care about (names, separators, quotes,
    /// escapes, Unicode blanks, marks and letters around them), reproducible from `seed`.
    /// Leaves out the few non-ASCII letters that case-fold to ASCII (K, ſ, ß, ligatures),
    /// which the scanners deliberately do not fold.
    public static func texts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        func next() -> UInt64 { random.next() }
        return (0..<count).map { _ in
            let length = Int(next() % 24)
            return (0..<length).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
        }
    }

    static let pieces = [
        "password", "PassWord", "passwd", "pwd", "token", "TOKEN", "secret", "api_key", "api-key", "apikey", "API", "key",
        "session_id", "sessionid", "session-", "authorization", "Authorization", "proxy-", "cookie", "COOKIE", "set-",
        "bearer", "Bearer ", "eyJ", "eyJhbGc", "an_", "an_0123456789", "-----BEGIN ", "PRIVATE KEY", "RSA ", "-----END ",
        "-----", "[redacted]", "[REDACTED]", "\"", "\"", "\\", "\\\\", "\\\"", ":", "=", "=", "&", ",", ";", "'", ".", ".", "-", "_",
        " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}",
        "a", "Z", "0", "9", "x1", "abcdefgh", "é", "中", "²", "\u{301}", "\u{200B}", "\u{FE0F}", "😀", "~", "+", "/", "{", "}",
        "(", "\"password\":\"", "password=", "token: ", "eyJa.b.c", "Cookie: a=1", "Authorization: Basic ",
    ]
}
