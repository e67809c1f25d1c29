import Foundation
import Shared

/// Replaces recognisable secrets in report text and diagnostics with `[redacted]` before
/// anything is stored: authorization and cookie header values, bearer credentials,
/// JWT-shaped strings, `password=`-style pairs (also as JSON members), hub API tokens, and
/// every metadata value whose key names a secret. Shape-based: it cannot find a secret that
/// looks like ordinary text, which is why hosts sanitize too.
public enum FeedbackSanitizer {
    public static let replacement = "[redacted]"

    /// Secret-named keys: `password`, `api_key`, `access_token`, `client_secret`, …
    static let secretName = "[A-Za-z0-9_.-]*(?:password|passwd|pwd|token|secret|api[_-]?key|apikey|session[_-]?id)"

    private static let patterns: [(NSRegularExpression, String)] = [
        // JSON members first, so their quotes survive: "password":"…" → "password":"[redacted]".
        (regex("(?i)(\"\(secretName)\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\""), "$1\"\(replacement)\""),
        (regex("(?i)\\b((?:proxy-)?authorization\\s*[:=]\\s*)[^\\r\\n\"]+"), "$1\(replacement)"),
        (regex("(?i)\\b((?:set-)?cookie\\s*[:=]\\s*)[^\\r\\n\"]+"), "$1\(replacement)"),
        (regex("(?i)\\b(bearer)\\s+[A-Za-z0-9._~+/=-]+"), "$1 \(replacement)"),
        (regex("\\beyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*"), replacement),
        (regex("(?i)\\b(\(secretName)\\s*[=:]\\s*)(?!\\[redacted\\])[^\\s&,;\"']+"), "$1\(replacement)"),
        (regex("\\ban_[A-Za-z0-9_-]{8,}"), replacement),
        (regex("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"), replacement),
    ]

    /// Lower-case fragments one of which every pattern needs; text without any is returned as is.
    private static let triggers = ["auth", "cookie", "bearer", "eyj", "pass", "pwd", "token", "secret", "key", "an_", "session"]

    private static func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }

    /// Free text with its recognisable secrets replaced.
    public static func sanitize(_ text: String) -> String {
        let lower = text.lowercased()
        guard triggers.contains(where: { lower.contains($0) }) else { return text }
        var s = text
        for (pattern, template) in patterns {
            s = pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: template)
        }
        return s
    }

    /// A metadata value: strings sanitized, objects and arrays recursively, and the whole
    /// value replaced when its key names a secret.
    public static func sanitize(_ value: FeedbackJSONValue, key: String? = nil) -> FeedbackJSONValue {
        if let key, isSecretKey(key) { return .string(replacement) }
        switch value {
        case let .string(s): return .string(sanitize(s))
        case let .array(items): return .array(items.map { sanitize($0) })
        case let .object(members): return .object(members.map { ($0.0, sanitize($0.1, key: $0.0)) })
        case .number, .bool, .null: return value
        }
    }

    /// Keys the hub's log redaction treats as secret, plus cookie and session names.
    public static func isSecretKey(_ key: String) -> Bool {
        Redactor.isSecretKey(key) || key.range(of: "^\(secretName)$", options: [.regularExpression, .caseInsensitive]) != nil
            || key.lowercased().contains("session")
    }
}
