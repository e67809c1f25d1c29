/// The rules that recognise a secret by the name before it: JSON members, header lines and
/// `name=value` pairs.
extension SecretRule {
    /// Fragments every name contains.
    static let nameKeywords: [[UInt8]] = ["pass", "pwd", "token", "secret", "key", "session"].map { Array($0.utf8) }
    private static let alreadyRedacted = Array("[redacted]".utf8)
    private static let redactedString = Array("\"[redacted]\"".utf8)

    /// Whether a whole key names a secret: name characters ending in a secret word, as
    /// `^[A-Za-z0-9_.-]*(?:password|…)$` answered (so one final line break is allowed).
    public static func isSecretName(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { buffer in
            SecretText.reading(buffer) { text in
                var end = text.count
                if end >= 2 && text.base[end - 2] == 13 && text.base[end - 1] == 10 {
                    end -= 2
                } else if end > 0, case let last = text.scalarStart(before: end), SecretText.isLineTerminator(text.scalar(at: last).value) {
                    end = last
                }
                return text.run(from: 0, SecretText.nameClass) >= end && latestNameStart(text, 0, end) != nil
            }
        }
    }

    /// The latest start a name in `start..<end` (all name characters) can have and still end
    /// in a secret word at `end`, or nil when it does not end in one.
    private static func latestNameStart(_ text: SecretText, _ start: Int, _ end: Int) -> Int? {
        guard end - start >= 3 else { return nil }
        // The last two letters pick the few words worth comparing.
        let words: [[UInt8]]
        switch (text.table[256 + Int(text.base[end - 2])], text.table[256 + Int(text.base[end - 1])]) {
        case (114, 100): words = wordsEndingRD
        case (119, 100): words = wordsEndingWD
        case (105, 100): words = wordsEndingID
        case (101, 110): words = wordsEndingEN
        case (101, 116): words = wordsEndingET
        case (101, 121): words = wordsEndingEY
        default: return nil
        }
        for word in words where end - start >= word.count && text.hasLowercase(word, at: end - word.count) { return end - word.count }
        return nil
    }

    // The secret words a name can end with (password|passwd|pwd|token|secret|api[_-]?key|apikey|session[_-]?id),
    // by their last two letters, shortest first.
    private static let wordsEndingRD = words(["password"])
    private static let wordsEndingWD = words(["pwd", "passwd"])
    private static let wordsEndingID = words(["sessionid", "session_id", "session-id"])
    private static let wordsEndingEN = words(["token"])
    private static let wordsEndingET = words(["secret"])
    private static let wordsEndingEY = words(["apikey", "api_key", "api-key"])

    private static func words(_ list: [String]) -> [[UInt8]] { list.map { Array($0.utf8) } }

    static func jsonMember(in text: SecretText, from: Int, _ scan: inout Scan) -> Match? {
        var i = from
        while let quote = text.find(34, from: i) {
            let nameStart = quote + 1
            i = nameStart
            let nameEnd = text.run(from: nameStart, SecretText.nameClass)
            guard nameEnd < text.count, text.base[nameEnd] == 34, latestNameStart(text, nameStart, nameEnd) != nil else { continue }
            let colon = text.skipSpaces(from: nameEnd + 1)
            guard colon < text.count, text.base[colon] == 58 else { continue }
            let open = text.skipSpaces(from: colon + 1)
            guard open < text.count, text.base[open] == 34, let close = stringEnd(text, from: open + 1, &scan) else { continue }
            return Match(replaced: open..<(close + 1), replacement: redactedString)
        }
        return nil
    }

    /// The closing quote of a JSON string whose content starts at `from`: characters other
    /// than `"` and `\`, or `\` and any character but a line terminator. Every walk ends
    /// where an earlier one went, so all of them together read the text once.
    private static func stringEnd(_ text: SecretText, from: Int, _ scan: inout Scan) -> Int? {
        if scan.stringEnds.isEmpty { scan.stringEnds = [Int32](repeating: 0, count: text.count + 1) }
        func step(_ i: Int) -> Int? {
            let c = text.base[i]
            guard c == 92 else { return i + 1 }
            guard i + 1 < text.count else { return nil }
            let escaped = text.scalar(at: i + 1)
            return SecretText.isLineTerminator(escaped.value) ? nil : i + 1 + escaped.length
        }
        var i = from
        var result: Int32 = -1
        while i < text.count {
            if scan.stringEnds[i] != 0 {
                result = scan.stringEnds[i]
                break
            }
            if text.base[i] == 34 {
                result = Int32(i + 1)
                break
            }
            guard let next = step(i) else { break }
            i = next
        }
        let stop = i
        i = from
        while i < stop {
            scan.stringEnds[i] = result
            guard let next = step(i) else { break }
            i = next
        }
        if i < text.count { scan.stringEnds[i] = result }
        return result > 0 ? Int(result) - 1 : nil
    }

    static func header(_ name: [UInt8], in text: SecretText, from: Int) -> Match? {
        var i = from
        while let p = text.find(name, from: i, ignoringCase: true) {
            i = p + 1
            guard text.isBoundary(at: p) else { continue }
            let separator = text.skipSpaces(from: p + name.count)
            guard separator < text.count, text.base[separator] == 58 || text.base[separator] == 61 else { continue }
            let spaces = separator + 1
            var value = text.skipSpaces(from: spaces)
            if value == text.count || text.base[value] == 34 {
                // `\s*` gives back its last blank that is not CR or LF, which `[^\r\n"]+` then takes.
                var j = value
                var blank: Int?
                while j > spaces {
                    j = text.scalarStart(before: j)
                    if text.base[j] != 13 && text.base[j] != 10 {
                        blank = j
                        break
                    }
                }
                guard let blank else { continue }
                value = blank
            }
            var end = value
            while end < text.count, case let c = text.base[end], c != 13 && c != 10 && c != 34 { end += 1 }
            return Match(replaced: value..<end, replacement: redacted)
        }
        return nil
    }

    static func secretPair(in text: SecretText, from: Int) -> Match? {
        let nameClass = SecretText.nameClass
        var i = from
        while i < text.count {
            while i < text.count && text.table[Int(text.base[i])] & nameClass == 0 { i += 1 }
            guard i < text.count else { break }
            let start = i
            let end = text.run(from: i, nameClass)
            i = end
            guard let latest = latestNameStart(text, start, end) else { continue }
            let separator = text.skipSpaces(from: end)
            guard separator < text.count, text.base[separator] == 61 || text.base[separator] == 58 else { continue }
            let value = text.skipSpaces(from: separator + 1)
            guard value < text.count, !text.hasLowercase(alreadyRedacted, at: value) else { continue }
            let valueEnd = pairValueEnd(text, from: value)
            guard valueEnd > value else { continue }
            // The name may start anywhere in the run that leaves the secret word whole, after a word boundary.
            var s = start
            while s <= latest && !text.isBoundary(at: s) { s += 1 }
            if s <= latest { return Match(replaced: value..<valueEnd, replacement: redacted) }
        }
        return nil
    }

    /// The end of `[^\s&,;"']*` at `from`.
    private static func pairValueEnd(_ text: SecretText, from: Int) -> Int {
        var end = from
        while end < text.count {
            let c = text.base[end]
            if c < 0x80 {
                if text.table[Int(c)] & SecretText.valueStopClass != 0 { break }
                end += 1
            } else {
                let s = text.scalar(at: end)
                if SecretText.isSpace(s.value) { break }
                end += s.length
            }
        }
        return end
    }
}
