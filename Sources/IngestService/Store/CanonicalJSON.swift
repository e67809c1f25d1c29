import HubRuntime

/// The canonical form of the JSON bodies SDK writes send, written in one linear pass over
/// the bytes: the same bytes `JSONSerialization` writes with sorted keys and no whitespace
/// (the form idempotency hashes have always been taken of, so stored records still match),
/// at a small part of its cost. It covers what those bodies hold: objects and arrays, strings
/// without escapes, integers of up to 15 digits, `true`, `false` and `null`, with keys of
/// ASCII letters only. Anything else (an escape, a fraction, a key with digits or a case-only
/// difference from another, duplicate keys, nesting past 32) answers nil, and the caller
/// uses `JSONSerialization`, whose key order (case-insensitive, digit runs as numbers) this
/// does not reproduce beyond letters.
enum CanonicalJSON {
    static let maxDepth = 32

    static func canonical(_ body: [UInt8]) -> [UInt8]? {
        body.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            reader.skipSpace()
            guard reader.peek == UInt8(ascii: "{") || reader.peek == UInt8(ascii: "[") else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(buffer.count)
            guard reader.value(into: &out, depth: 0) else { return nil }
            reader.skipSpace()
            return reader.atEnd ? out : nil
        }
    }

    /// The canonical writer over `JSONScanner`'s cursor, whose grammar it narrows.
    private struct Reader {
        var scanner: JSONScanner

        init(bytes: UnsafeBufferPointer<UInt8>) { scanner = JSONScanner(bytes: bytes) }

        var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
        var atEnd: Bool { scanner.at >= bytes.count }
        var peek: UInt8? { scanner.peek }

        mutating func skipSpace() { scanner.skipSpace() }

        mutating func value(into out: inout [UInt8], depth: Int) -> Bool {
            skipSpace()
            guard let first = peek else { return false }
            switch first {
            case UInt8(ascii: "{"): return depth < CanonicalJSON.maxDepth && object(into: &out, depth: depth + 1)
            case UInt8(ascii: "["): return depth < CanonicalJSON.maxDepth && array(into: &out, depth: depth + 1)
            case UInt8(ascii: "\""):
                guard let range = string() else { return false }
                out.append(contentsOf: bytes[(range.lowerBound - 1)...range.upperBound])
                return true
            case UInt8(ascii: "t"): return literal("true", into: &out)
            case UInt8(ascii: "f"): return literal("false", into: &out)
            case UInt8(ascii: "n"): return literal("null", into: &out)
            default: return integer(into: &out)
            }
        }

        /// The members' keys are sorted as bytes once folded to lowercase, which is the order
        /// `JSONSerialization` gives keys of ASCII letters that differ other than in case.
        mutating func object(into out: inout [UInt8], depth: Int) -> Bool {
            scanner.at += 1
            var members: [(key: Range<Int>, value: [UInt8])] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                scanner.at += 1
                out.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
                return true
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\""), let key = string(), !key.isEmpty,
                    bytes[key].allSatisfy({ ($0 | 0x20) &- 0x61 < 26 })
                else { return false }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return false }
                scanner.at += 1
                var value: [UInt8] = []
                guard self.value(into: &value, depth: depth) else { return false }
                members.append((key, value))
                skipSpace()
                guard let next = peek else { return false }
                scanner.at += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { return false }
            }
            members.sort { compareFolded($0.key, $1.key) == true }
            for position in members.indices.dropFirst() where compareFolded(members[position - 1].key, members[position].key) != true {
                return false
            }
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: bytes[(member.key.lowerBound - 1)...member.key.upperBound])
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: member.value)
            }
            out.append(UInt8(ascii: "}"))
            return true
        }

        mutating func array(into out: inout [UInt8], depth: Int) -> Bool {
            scanner.at += 1
            out.append(UInt8(ascii: "["))
            skipSpace()
            if peek == UInt8(ascii: "]") {
                scanner.at += 1
                out.append(UInt8(ascii: "]"))
                return true
            }
            var first = true
            while true {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                guard value(into: &out, depth: depth) else { return false }
                skipSpace()
                guard let next = peek else { return false }
                scanner.at += 1
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { return false }
            }
            out.append(UInt8(ascii: "]"))
            return true
        }

        /// The range of a string's contents between its quotes, the reader past the closing
        /// one; nil for an escape, a control character, DEL or bytes that are not UTF-8.
        mutating func string() -> Range<Int>? {
            guard let quoted = scanner.string() else { return nil }
            let range = (quoted.lowerBound + 1)..<(quoted.upperBound - 1)
            var ascii = true
            for byte in bytes[range] {
                if byte == UInt8(ascii: "\\") || byte == 0x7F { return nil }
                if byte >= 0x80 { ascii = false }
            }
            if !ascii, String(validating: bytes[range], as: UTF8.self) == nil { return nil }
            return range
        }

        mutating func literal(_ word: StaticString, into out: inout [UInt8]) -> Bool {
            guard scanner.literal(word) else { return false }
            out.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            return true
        }

        /// `-?(0|[1-9][0-9]{0,14})`, not `-0`, and not followed by a fraction or exponent.
        mutating func integer(into out: inout [UInt8]) -> Bool {
            let start = scanner.at
            if peek == UInt8(ascii: "-") { scanner.at += 1 }
            let digits = scanner.at
            while let byte = peek, byte &- 0x30 < 10 { scanner.at += 1 }
            let count = scanner.at - digits
            guard count > 0, count <= 15, count == 1 || bytes[digits] != UInt8(ascii: "0") else { return false }
            if digits > start, count == 1, bytes[digits] == UInt8(ascii: "0") { return false }
            if let next = peek, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return false }
            out.append(contentsOf: bytes[start..<scanner.at])
            return true
        }

        /// Whether `a` sorts before `b` folded to lowercase; nil when they are equal so folded
        /// (duplicates, or keys differing only in case, whose order this does not decide).
        func compareFolded(_ a: Range<Int>, _ b: Range<Int>) -> Bool? {
            var i = a.lowerBound
            var j = b.lowerBound
            while i < a.upperBound, j < b.upperBound {
                let x = bytes[i] | 0x20
                let y = bytes[j] | 0x20
                if x != y { return x < y }
                i += 1
                j += 1
            }
            if a.count == b.count { return nil }
            return a.count < b.count
        }
    }
}
