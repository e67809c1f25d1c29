import Foundation

/// UTF-8 text as the secret rules read it: bytes for the ASCII shapes they look for, and
/// the few Unicode facts of the ICU regular expressions they replaced (`\s`, `\b`, line
/// terminators), decoded only where a rule asks. Positions are byte offsets at scalar starts.
struct SecretText {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// `SecretText.table`: byte classes, then ASCII lowercase.
    let table: UnsafePointer<UInt8>

    /// Byte classes: what each ASCII byte is to the patterns.
    static let nameClass: UInt8 = 1  // [A-Za-z0-9_.-]
    static let tokenClass: UInt8 = 2  // [A-Za-z0-9_-]
    static let credentialClass: UInt8 = 4  // [A-Za-z0-9._~+/=-]
    static let spaceClass: UInt8 = 8  // ASCII \s
    static let valueStopClass: UInt8 = 16  // ASCII \s and &,;"'
    static let labelClass: UInt8 = 32  // [A-Z ]
    static let wordClass: UInt8 = 64  // ASCII \w: [A-Za-z0-9_]

    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for c in 0..<256 {
            let b = UInt8(c)
            let alnum = (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122)
            var classes: UInt8 = 0
            if alnum || b == 95 { classes |= wordClass }
            if alnum || b == 95 || b == 45 { classes |= tokenClass | nameClass | credentialClass }
            if b == 46 { classes |= nameClass | credentialClass }
            if b == 126 || b == 43 || b == 47 || b == 61 { classes |= credentialClass }
            if b == 32 || (b >= 9 && b <= 13) { classes |= spaceClass | valueStopClass }
            if b == 38 || b == 44 || b == 59 || b == 34 || b == 39 { classes |= valueStopClass }
            if (b >= 65 && b <= 90) || b == 32 { classes |= labelClass }
            table[c] = classes
            table[256 + c] = b >= 65 && b <= 90 ? b + 32 : b
        }
        return table
    }()

    /// Reads `buffer` with the class table for the duration of `body`.
    static func reading<R>(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (SecretText) throws -> R) rethrows -> R {
        try table.withUnsafeBufferPointer { table in
            if let base = buffer.baseAddress { return try body(SecretText(base: base, count: buffer.count, table: table.baseAddress!)) }
            // An empty buffer may have no address; nothing is read through this one.
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { empty in
                try body(SecretText(base: UnsafePointer(empty.baseAddress!), count: 0, table: table.baseAddress!))
            }
        }
    }

    // MARK: Bytes

    /// The end of the run of bytes in `mask`'s class starting at `i`.
    func run(from i: Int, _ mask: UInt8) -> Int {
        var j = i
        while j < count && table[Int(base[j])] & mask != 0 { j += 1 }
        return j
    }

    /// The first position at or after `from` holding `byte`.
    func find(_ byte: UInt8, from: Int) -> Int? {
        guard from < count, let hit = memchr(base + from, Int32(byte), count - from) else { return nil }
        return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Whether `word` (lowercase ASCII) is at `i`, ASCII letters compared without case.
    func hasLowercase(_ word: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + word.count <= count else { return false }
        return word.withUnsafeBufferPointer { w in
            for j in 0..<w.count where table[256 + Int(base[i + j])] != w[j] { return false }
            return true
        }
    }

    /// Whether `word` is at `i`, byte for byte.
    func has(_ word: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + word.count <= count else { return false }
        return word.withUnsafeBufferPointer { w in memcmp(base + i, w.baseAddress!, w.count) == 0 }
    }

    /// The first position at or after `from` holding `word` (lowercase ASCII; `ignoringCase`
    /// folds ASCII letters of the text).
    func find(_ word: [UInt8], from: Int, ignoringCase: Bool) -> Int? {
        guard let first = word.first, word.count <= count else { return nil }
        var i = max(from, 0)
        let last = count - word.count
        if ignoringCase {
            let second = word.count > 1 ? word[1] : 0
            while i <= last {
                if table[256 + Int(base[i])] == first && (word.count == 1 || table[256 + Int(base[i + 1])] == second)
                    && hasLowercase(word, at: i)
                {
                    return i
                }
                i += 1
            }
            return nil
        }
        while i <= last {
            guard let hit = memchr(base + i, Int32(first), last + 1 - i) else { return nil }
            i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if has(word, at: i) { return i }
            i += 1
        }
        return nil
    }

    // MARK: Scalars

    /// The scalar starting at `i` and its length in bytes (the text is valid UTF-8).
    func scalar(at i: Int) -> (value: UInt32, length: Int) {
        let c = UInt32(base[i])
        if c < 0x80 { return (c, 1) }
        if c < 0xE0 { return ((c & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F), 2) }
        if c < 0xF0 { return ((c & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F), 3) }
        return ((c & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12 | UInt32(base[i + 2] & 0x3F) << 6 | UInt32(base[i + 3] & 0x3F), 4)
    }

    /// Where the scalar ending just before `i` starts.
    func scalarStart(before i: Int) -> Int {
        var j = i - 1
        while j > 0 && base[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }

    /// ICU's `\s`: the White_Space property.
    static func isSpace(_ v: UInt32) -> Bool {
        if v < 0x80 { return v == 32 || (v >= 9 && v <= 13) }
        return Unicode.Scalar(v)?.properties.isWhitespace ?? false
    }

    /// ICU's line terminators, which `.` does not match and `$` stands before.
    static func isLineTerminator(_ v: UInt32) -> Bool {
        (v >= 10 && v <= 13) || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    /// ICU's `\w`: Alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
    static func isWord(_ v: UInt32) -> Bool {
        if v < 0x80 {
            let c = UInt8(v)
            return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
        }
        if v == 0x200C || v == 0x200D { return true }
        guard let scalar = Unicode.Scalar(v) else { return false }
        if scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Characters ICU's `\b` looks through: combining marks and format characters.
    static func isTransparent(_ v: UInt32) -> Bool {
        guard v >= 0x80, let scalar = Unicode.Scalar(v) else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }

    /// The end of the `\s*` run starting at `i`.
    func skipSpaces(from i: Int) -> Int {
        var j = i
        while j < count {
            let c = base[j]
            if c < 0x80 {
                guard table[Int(c)] & SecretText.spaceClass != 0 else { break }
                j += 1
            } else {
                let s = scalar(at: j)
                guard SecretText.isSpace(s.value) else { break }
                j += s.length
            }
        }
        return j
    }

    /// ICU's `\b` at `i`: never before a transparent character; otherwise whether the
    /// character at `i` and the last non-transparent one before it differ in being word
    /// characters (the text's ends count as non-word).
    func isBoundary(at i: Int) -> Bool {
        if i < count && i > 0 && base[i] < 0x80 && base[i - 1] < 0x80 {
            return (table[Int(base[i])] & SecretText.wordClass != 0) != (table[Int(base[i - 1])] & SecretText.wordClass != 0)
        }
        var here = false
        if i < count {
            let c = scalar(at: i).value
            if SecretText.isTransparent(c) { return false }
            here = SecretText.isWord(c)
        }
        var j = i
        while j > 0 {
            j = scalarStart(before: j)
            let c = scalar(at: j).value
            if !SecretText.isTransparent(c) { return here != SecretText.isWord(c) }
        }
        return here
    }
}
