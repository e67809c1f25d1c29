/// The rules that recognise a credential by its own shape: bearer credentials, JWTs, hub API
/// tokens and PEM private keys.
extension SecretRule {
    static let bearerWord = Array("bearer".utf8)
    private static let jwtStart = Array("eyJ".utf8)
    private static let hubTokenStart = Array("an_".utf8)
    private static let pemBegin = Array("-----BEGIN ".utf8)
    private static let pemEnd = Array("-----END ".utf8)
    private static let pemLabel = Array("PRIVATE KEY".utf8)
    private static let pemDashes = Array("-----".utf8)
    private static let spaceRedacted = Array(" [redacted]".utf8)

    static func bearer(in text: SecretText, from: Int, wordBoundary: Bool) -> Match? {
        var i = from
        while let p = text.find(bearerWord, from: i, ignoringCase: true) {
            i = p + 1
            if wordBoundary && !text.isBoundary(at: p) { continue }
            let afterWord = p + bearerWord.count
            let credential = text.skipSpaces(from: afterWord)
            guard credential > afterWord else { continue }
            let end = text.run(from: credential, SecretText.credentialClass)
            // The whitespace between goes too: `$1 [redacted]` writes one space.
            if end > credential { return Match(replaced: afterWord..<end, replacement: spaceRedacted) }
        }
        return nil
    }

    static func jwt(in text: SecretText, from: Int) -> Match? {
        var i = from
        while let p = text.find(jwtStart, from: i, ignoringCase: false) {
            i = p + 1
            guard text.isBoundary(at: p) else { continue }
            let header = tokenRun(text, from: p + jwtStart.count)
            guard header > p + jwtStart.count else { continue }
            if header < text.count && text.base[header] == 46 {
                let payload = tokenRun(text, from: header + 1)
                if payload > header + 1 && payload < text.count && text.base[payload] == 46 {
                    return Match(replaced: p..<tokenRun(text, from: payload + 1), replacement: redacted)
                }
            }
            // Any later `eyJ` in the same run ends its first part at the same place and fails alike.
            i = header
        }
        return nil
    }

    static func hubToken(in text: SecretText, from: Int, replacement: [UInt8]) -> Match? {
        var i = from
        while let p = text.find(hubTokenStart, from: i, ignoringCase: false) {
            i = p + 1
            guard text.isBoundary(at: p) else { continue }
            let end = tokenRun(text, from: p + hubTokenStart.count)
            if end - p - hubTokenStart.count >= 8 { return Match(replaced: p..<end, replacement: replacement) }
            // Any later `an_` in the same run has fewer characters after it.
            i = max(i, end)
        }
        return nil
    }

    static func privateKey(in text: SecretText, from: Int, replacement: [UInt8]) -> Match? {
        var i = from
        while let p = text.find(pemBegin, from: i, ignoringCase: false) {
            i = p + 1
            guard let body = pemLabelEnd(text, from: p + pemBegin.count) else { continue }
            var j = body
            while let end = text.find(pemEnd, from: j, ignoringCase: false) {
                if let after = pemLabelEnd(text, from: end + pemEnd.count) { return Match(replaced: p..<after, replacement: replacement) }
                j = end + 1
            }
            return Match(replaced: p..<dollar(text, notBefore: body), replacement: replacement)
        }
        return nil
    }

    /// The end of the `[A-Za-z0-9_-]*` run at `from`.
    private static func tokenRun(_ text: SecretText, from: Int) -> Int { text.run(from: from, SecretText.tokenClass) }

    /// After `[A-Z ]*PRIVATE KEY-----` at `from`, or nil: the label is the whole run of
    /// capitals and spaces, so it has to end it.
    private static func pemLabelEnd(_ text: SecretText, from: Int) -> Int? {
        let end = text.run(from: from, SecretText.labelClass)
        guard end - from >= pemLabel.count, text.has(pemLabel, at: end - pemLabel.count), text.has(pemDashes, at: end) else { return nil }
        return end + pemDashes.count
    }

    /// Where ICU's `$` (without multiline) first matches at or after `start`: before a final
    /// CRLF or line terminator, else at the end.
    private static func dollar(_ text: SecretText, notBefore start: Int) -> Int {
        let n = text.count
        if n >= 2 && n - 2 >= start && text.base[n - 2] == 13 && text.base[n - 1] == 10 { return n - 2 }
        if n > start {
            let last = text.scalarStart(before: n)
            if last >= start && SecretText.isLineTerminator(text.scalar(at: last).value) { return last }
        }
        return n
    }
}
