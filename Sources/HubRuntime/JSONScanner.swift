#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A cursor checking JSON grammar (RFC 8259) byte by byte, in linear time: what
/// `JSONObjectReader` and the RPC envelope (`RPCEnvelopeFields`) read with.
public struct JSONScanner {
    /// Deeper nesting is refused, as JSONDecoder refuses it, so a pass needs little stack.
    public static let maxDepth = 512

    public let bytes: UnsafeBufferPointer<UInt8>
    public var at = 0

    /// The byte at the cursor; nil at the end.
    public var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    public init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    public mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    public mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    /// Reads the rest of the bytes as exactly one object, handing `member` each key's range
    /// (quotes included) and value's range in order; false when they are not one well-formed
    /// object, or when `member` answers false.
    public mutating func object(_ member: (_ key: Range<Int>, _ value: Range<Int>) -> Bool) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard let key = string() else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipSpace()
                let start = at
                guard value(depth: 1), member(key, start..<at) else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return false }
        }
        skipSpace()
        return at == bytes.count
    }

    /// Skips one value; false when it is not well-formed.
    public mutating func value(depth: Int) -> Bool {
        guard at < bytes.count, depth <= Self.maxDepth else { return false }
        switch bytes[at] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Bool {
        at += 1
        skipSpace()
        if take(close) { return true }
        repeat {
            skipSpace()
            if keyed {
                guard string() != nil else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipSpace()
            }
            guard value(depth: depth + 1) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(close)
    }

    /// Takes `word` (`true`, `false`, `null`) when the bytes at the cursor spell it.
    public mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - at >= count, Self.equal(bytes[at..<(at + count)], word) else { return false }
        at += count
        return true
    }

    /// Whether `slice` holds exactly the bytes of `word`: one length check and one `memcmp`,
    /// where comparing element by element through `Sequence` cost hundreds of instructions a
    /// member name.
    @inlinable
    public static func equal(_ slice: Slice<UnsafeBufferPointer<UInt8>>, _ word: StaticString) -> Bool {
        slice.count == word.utf8CodeUnitCount
            && (slice.isEmpty || memcmp(slice.base.baseAddress! + slice.startIndex, word.utf8Start, slice.count) == 0)
    }

    /// Whether two slices hold the same bytes.
    @inlinable
    public static func equal(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        a.count == b.count
            && (a.isEmpty || memcmp(a.base.baseAddress! + a.startIndex, b.base.baseAddress! + b.startIndex, a.count) == 0)
    }

    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        // No leading zeros: a lone 0, or digits starting at 1-9.
        if take(UInt8(ascii: "0")) {
            guard at >= bytes.count || !(bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")) else { return false }
        } else {
            guard digits() else { return false }
        }
        if take(UInt8(ascii: ".")) { guard digits() else { return false } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func digits() -> Bool {
        let start = at
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
        return at > start
    }

    /// The text of a string value (quotes included in `slice`) without escapes; nil when it
    /// is not one, has escapes, or is not UTF-8.
    public static func plainString(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard slice.count >= 2, slice.first == UInt8(ascii: "\""), slice.last == UInt8(ascii: "\"") else { return nil }
        let inner = UnsafeBufferPointer(rebasing: slice.dropFirst().dropLast())
        var ascii = true
        for byte in inner {
            if byte == UInt8(ascii: "\\") { return nil }
            if byte >= 0x80 { ascii = false }
        }
        // ASCII is UTF-8 as it stands, so decoding it repairs nothing: the same text without
        // the generic validation's cost (about a thousand instructions a string). Other text
        // is validated.
        return ascii ? String(decoding: inner, as: UTF8.self) : String(validating: inner, as: UTF8.self)
    }

    /// Skips a string and returns its range, quotes included.
    public mutating func string() -> Range<Int>? {
        let start = at
        guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        while at < count {
            // Eight bytes at a time up to the first that may end or escape the string.
            while count - at >= 8 {
                let flags = Self.specialBytes(UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)))
                if flags != 0 {
                    at += flags.trailingZeroBitCount >> 3
                    break
                }
                at += 8
            }
            guard at < count else { return nil }
            let byte = base[at]
            at += 1
            if byte == UInt8(ascii: "\"") { return start..<at }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard at < count else { return nil }
                let escaped = base[at]
                at += 1
                if escaped == UInt8(ascii: "u") {
                    guard count - at >= 4, bytes[at..<(at + 4)].allSatisfy({ $0.isHexDigit }) else { return nil }
                    at += 4
                } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                    return nil
                }
            }
        }
        return nil
    }
}

extension JSONScanner {
    /// The high bit of each byte of `word` (its first byte the lowest) that may be a quote, a
    /// backslash or a control character. A byte is flagged wrongly only when a borrow carries
    /// out of a lower byte that really is one, so a word with none has no flag and the lowest
    /// flag marks the first byte that really is one.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        // Zero bytes after the XORs are quotes and backslashes; bytes below 0x20 are controls.
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
