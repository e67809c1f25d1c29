import Foundation

/// What must never be written to a log: identity signatures and headers, voter tokens, API
/// tokens, secrets, cookies, private keys.
public enum Redactor {
    static let secretKeyFragments: [[UInt8]] = [
        "token", "secret", "signature", "password", "passwd", "authorization",
        "cookie", "privatekey", "private_key", "identity", "credential", "apikey",
        "api_key",
    ].map { Array($0.utf8) }

    /// Whether a field, header or query parameter name names a secret.
    public static func isSecretKey(_ key: String) -> Bool {
        secretKeyFragments.contains { ASCIIBuffer.containsIgnoringASCIICase(key, $0) }
    }

    /// Query parameters that are secrets by their whole name though no fragment above catches
    /// them: a signed URL's `sig`, an OAuth `code` and `state`. Only in queries: as log field
    /// names `code` and `state` are harmless.
    static let secretQueryNames: Set<String> = ["sig", "code", "state", "hmac"]

    /// Whether a query parameter's value must not be logged.
    public static func isSecretQueryParameter(_ name: String) -> Bool {
        isSecretKey(name) || (name.utf8.count <= 5 && secretQueryNames.contains(name.lowercased()))
    }

    /// Replaces secrets recognisable by their shape inside free text: bearer credentials,
    /// hub API tokens (`an_…`) and PEM private keys. Linear in the text: it runs on every
    /// logged message and value, whatever a client managed to put in them.
    public static func scrub(_ text: String) -> String { scanner.scrub(text) }

    /// A URL's query string with the values of secret parameters replaced. Scans bytes:
    /// it runs for every logged request.
    public static func redactQuery(_ query: String) -> String {
        let bytes = Array(query.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var start = 0
        while start <= bytes.count {
            var end = start
            var eq = -1
            while end < bytes.count && bytes[end] != 38 {
                if eq < 0 && bytes[end] == 61 { eq = end }
                end += 1
            }
            if start > 0 { out.append(38) }
            if eq >= 0 {
                let rawName = String(decoding: bytes[start..<eq], as: UTF8.self)
                let name = rawName.contains("%") ? (rawName.removingPercentEncoding ?? rawName) : rawName
                if isSecretQueryParameter(name) {
                    out += bytes[start...eq]
                    out += Array("[redacted]".utf8)
                } else {
                    out += bytes[start..<end]
                }
            } else {
                out += bytes[start..<end]
            }
            start = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let scanner = SecretScanner([
        .bearer(wordBoundary: false),
        .hubToken(replacement: "an_[redacted]"),
        .privateKey(replacement: "[redacted private key]"),
    ])
}
