import Foundation

/// The members of an envelope frame, found in one linear pass over its bytes that also checks
/// the whole frame is one well-formed JSON object. The envelope's own fields are read here;
/// `body` and `error` are left as byte ranges, so JSON decoding runs on the body alone instead
/// of the whole frame once for the envelope and again for the body (bench/RESULTS.md, "The
/// ZeroMQ hop").
struct RPCEnvelopeFields {
    var v: Int?
    var type: String?
    var id: String?
    var deadline: Int64?
    var ok: Bool?
    /// Byte offsets in the frame of the `body` and `error` values.
    var body: Range<Int>?
    var error: Range<Int>?

    /// Deeper nesting is refused, as JSONDecoder refuses it, so the pass needs little stack.
    static let maxDepth = 512

    /// Nil when the frame is not a JSON object.
    init?(_ frame: Data) {
        guard let fields = frame.withUnsafeBytes({ raw in Self.read(raw.bindMemory(to: UInt8.self)) }) else { return nil }
        self = fields
    }

    private init() {}

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> RPCEnvelopeFields? {
        var scanner = Scanner(bytes: bytes)
        var fields = RPCEnvelopeFields()
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        scanner.skipSpace()
        if !scanner.take(UInt8(ascii: "}")) {
            repeat {
                scanner.skipSpace()
                guard let key = scanner.string() else { return nil }
                scanner.skipSpace()
                guard scanner.take(UInt8(ascii: ":")) else { return nil }
                scanner.skipSpace()
                let start = scanner.at
                guard scanner.value(depth: 1) else { return nil }
                fields.set(key, bytes, start..<scanner.at)
                scanner.skipSpace()
            } while scanner.take(UInt8(ascii: ","))
            guard scanner.take(UInt8(ascii: "}")) else { return nil }
        }
        scanner.skipSpace()
        return scanner.at == bytes.count ? fields : nil
    }

    /// Keeps a member the envelope knows; a value of the wrong kind is left unset.
    private mutating func set(_ key: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        func name(_ literal: StaticString) -> Bool {
            // The key's range includes its quotes.
            key.count == literal.utf8CodeUnitCount + 2
                && zip(
                    bytes[(key.lowerBound + 1)..<(key.upperBound - 1)],
                    UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
                )
                .allSatisfy { $0 == $1 }
        }
        let slice = bytes[value]
        if name("v") {
            v = Self.integer(slice).flatMap { Int(exactly: $0) }
        } else if name("type") {
            type = Self.text(slice)
        } else if name("id") {
            id = Self.text(slice)
        } else if name("deadline") {
            deadline = Self.integer(slice)
        } else if name("ok") {
            ok = slice.elementsEqual("true".utf8) ? true : slice.elementsEqual("false".utf8) ? false : nil
        } else if name("body") {
            body = value
        } else if name("error") {
            error = value
        }
    }

    /// A JSON integer without fraction or exponent; nil for anything else or past Int64.
    private static func integer(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var rest = slice[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// A JSON string's text; escapes are rare in the envelope, so only they go through JSONDecoder.
    private static func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard slice.count >= 2, slice.first == UInt8(ascii: "\""), slice.last == UInt8(ascii: "\"") else { return nil }
        let inner = slice.dropFirst().dropLast()
        if !inner.contains(UInt8(ascii: "\\")) { return String(validating: inner, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(slice))
    }

    /// A cursor checking JSON grammar (RFC 8259) byte by byte.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x09, 0x0A, 0x0D: at += 1
                default: return
                }
            }
        }

        /// Skips one value; false when it is not well-formed.
        mutating func value(depth: Int) -> Bool {
            guard at < bytes.count, depth <= RPCEnvelopeFields.maxDepth else { return false }
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

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - at >= count,
                bytes[at..<(at + count)].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
            else { return false }
            at += count
            return true
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

        /// Skips a string and returns its range, quotes included.
        mutating func string() -> Range<Int>? {
            let start = at
            guard take(UInt8(ascii: "\"")) else { return nil }
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                if byte == UInt8(ascii: "\"") { return start..<at }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard at < bytes.count else { return nil }
                    let escaped = bytes[at]
                    at += 1
                    if escaped == UInt8(ascii: "u") {
                        guard bytes.count - at >= 4, bytes[at..<(at + 4)].allSatisfy({ $0.isHexDigit }) else { return nil }
                        at += 4
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        return nil
                    }
                }
            }
            return nil
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
