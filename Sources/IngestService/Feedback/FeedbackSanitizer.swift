import HubRuntime

/// Replaces recognisable secrets in report text and diagnostics with `[redacted]` before
/// anything is stored: authorization and cookie header values, bearer credentials,
/// JWT-shaped strings, `password=`-style pairs (also as JSON members), hub API tokens, and
/// every metadata value whose key names a secret. Shape-based: it cannot find a secret that
/// looks like ordinary text, which is why hosts sanitize too.
public enum FeedbackSanitizer {
    public static let replacement = "[redacted]"

    /// In the order the rules apply: JSON members first, so their quotes survive
    /// (`"password":"…"` → `"password":"[redacted]"`), then headers, credentials and pairs.
    static let scanner = SecretScanner([
        .jsonMember,
        .header("authorization"),
        .header("cookie"),
        .bearer(wordBoundary: true),
        .jwt,
        .secretPair,
        .hubToken(replacement: replacement),
        .privateKey(replacement: replacement),
    ])

    /// Free text with its recognisable secrets replaced, in time linear in its length.
    public static func sanitize(_ text: String) -> String { scanner.scrub(text) }

    /// A metadata value: strings sanitized, objects and arrays recursively, and the whole
    /// value replaced when its key names a secret.
    public static func sanitize(_ value: FeedbackJSONValue, key: String? = nil) -> FeedbackJSONValue {
        if let key, isSecretKey(key) { return .string(replacement) }
        switch value {
        case .string(let s): return .string(sanitize(s))
        case .array(let items): return .array(items.map { sanitize($0) })
        case .object(let members): return .object(members.map { ($0.0, sanitize($0.1, key: $0.0)) })
        case .number, .bool, .null: return value
        }
    }

    /// Keys the hub's log redaction treats as secret, plus cookie and session names.
    public static func isSecretKey(_ key: String) -> Bool {
        Redactor.isSecretKey(key) || SecretRule.isSecretName(key) || key.lowercased().contains("session")
    }
}
