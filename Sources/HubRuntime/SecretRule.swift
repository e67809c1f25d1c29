/// One shape of secret found in free text and what replaces it. Each rule scans forward
/// only, so a pass is linear in the text whatever it holds; they match as the ICU regular
/// expressions they replaced did (noted per case), which backtracked quadratically on
/// long runs such as `"a." * 20000 + " token"`. Letters compare without case over ASCII only.
public enum SecretRule: Sendable {
    /// `"password": "…"` and other secret-named JSON members, the string value replaced
    /// with `"[redacted]"` (`(?i)("NAME"\s*:\s*)"(?:[^"\\]|\\.)*"`).
    case jsonMember
    /// `authorization: …` or `cookie= …` (with `proxy-`/`set-` or without) after a word
    /// boundary: the rest of the line, up to a quote, replaced
    /// (`(?i)\b((?:proxy-)?authorization\s*[:=]\s*)[^\r\n"]+`).
    case header(String)
    /// `bearer` and the credential after it: `bearer [redacted]`
    /// (`(?i)\b?(bearer)\s+[A-Za-z0-9._~+/=-]+` → `$1 [redacted]`).
    case bearer(wordBoundary: Bool)
    /// A JWT-shaped string after a word boundary (`\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*`).
    case jwt
    /// `NAME=value` or `NAME: value` where the name ends in a secret word, the value up to
    /// whitespace or `&,;"'` replaced unless it is already `[redacted]`
    /// (`(?i)\b(NAME\s*[=:]\s*)(?!\[redacted\])[^\s&,;"']+`).
    case secretPair
    /// A hub API token after a word boundary (`\ban_[A-Za-z0-9_-]{8,}`).
    case hubToken(replacement: String)
    /// A PEM private key up to its END line, or to the end of the text when it has none
    /// (`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)`).
    case privateKey(replacement: String)

    static let redacted = Array("[redacted]".utf8)

    /// Lowercase fragments at least one of which every match contains.
    var keywords: [[UInt8]] {
        switch self {
        case .jsonMember, .secretPair: return SecretRule.nameKeywords
        case .header(let name): return [Array(name.lowercased().utf8)]
        case .bearer: return [SecretRule.bearerWord]
        case .jwt: return [Array("eyj".utf8)]
        case .hubToken: return [Array("an_".utf8)]
        case .privateKey: return [Array("private key".utf8)]
        }
    }

    /// One match: the bytes in `replaced` give way to `replacement`; the next search starts
    /// at the end of `replaced`, which is where the regular expression's match ended.
    struct Match {
        let replaced: Range<Int>
        let replacement: [UInt8]
    }

    /// What a pass remembers between matches.
    struct Scan {
        /// Per position of the text: 0 unknown, -1 no closing quote, else the closing quote's
        /// position plus one, for JSON string values (allocated on first use).
        var stringEnds: [Int32] = []
    }

    /// `text` with every match replaced, or nil when nothing matched.
    func apply(to text: [UInt8]) -> [UInt8]? {
        text.withUnsafeBufferPointer { buffer -> [UInt8]? in
            SecretText.reading(buffer) { scanned in apply(scanned, buffer) }
        }
    }

    private func apply(_ scanned: SecretText, _ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var scan = Scan()
        var out: [UInt8] = []
        var copied = 0
        var matched = false
        while let match = next(in: scanned, from: copied, &scan) {
            if !matched { out.reserveCapacity(buffer.count + 32) }
            matched = true
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<match.replaced.lowerBound]))
            out.append(contentsOf: match.replacement)
            copied = match.replaced.upperBound
        }
        guard matched else { return nil }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
        return out
    }

    private func next(in text: SecretText, from: Int, _ scan: inout Scan) -> Match? {
        switch self {
        case .jsonMember: return SecretRule.jsonMember(in: text, from: from, &scan)
        case .header(let name): return SecretRule.header(Array(name.lowercased().utf8), in: text, from: from)
        case .bearer(let wordBoundary): return SecretRule.bearer(in: text, from: from, wordBoundary: wordBoundary)
        case .jwt: return SecretRule.jwt(in: text, from: from)
        case .secretPair: return SecretRule.secretPair(in: text, from: from)
        case .hubToken(let replacement): return SecretRule.hubToken(in: text, from: from, replacement: Array(replacement.utf8))
        case .privateKey(let replacement): return SecretRule.privateKey(in: text, from: from, replacement: Array(replacement.utf8))
        }
    }
}
