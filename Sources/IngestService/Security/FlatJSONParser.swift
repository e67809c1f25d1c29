/// A strict parser for a JSON object whose values are scalars, as identity properties
/// are: no whitespace anywhere (canonical form has none), no nesting, no null.
struct FlatJSONParser {
    typealias Failure = CanonicalProperties.Failure
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseObject() throws -> [(String, IdentityProperty)] {
        guard next() == UInt8(ascii: "{") else { throw Failure.notJSONObject }
        var pairs: [(String, IdentityProperty)] = []
        if peek() == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                let key = try parseString()
                guard next() == UInt8(ascii: ":") else { throw Failure.notCanonical }
                pairs.append((key, try parseValue(key: key)))
                let c = next()
                if c == UInt8(ascii: ",") { continue }
                if c == UInt8(ascii: "}") { break }
                throw Failure.notCanonical
            }
        }
        guard i == bytes.count else { throw Failure.notCanonical }
        return pairs
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }
    private mutating func next() -> UInt8? {
        defer { i += 1 }
        return peek()
    }

    private mutating func parseValue(key: String) throws -> IdentityProperty {
        guard let c = peek() else { throw Failure.notCanonical }
        switch c {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .boolean(false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber(key: key))
        case UInt8(ascii: "n"), UInt8(ascii: "{"), UInt8(ascii: "["): throw Failure.unsupportedValue(key)
        default: throw Failure.notCanonical
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw Failure.notCanonical }
        i += w.count
    }

    private mutating func parseNumber(key: String) throws -> Double {
        let start = i
        if peek() == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while let c = peek(), c >= 48, c <= 57 { i += 1 }
            return i - s
        }
        guard digits() > 0 else { throw Failure.notCanonical }
        if peek() == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw Failure.notCanonical }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            i += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw Failure.notCanonical }
        }
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw Failure.notCanonical }
        guard value.isFinite else { throw Failure.nonFiniteNumber(key) }
        return value
    }

    private mutating func parseString() throws -> String {
        guard next() == UInt8(ascii: "\"") else { throw Failure.notCanonical }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws {
            guard !raw.isEmpty else { return }
            guard let text = String(validating: raw, as: UTF8.self) else { throw Failure.notCanonical }
            scalars.append(contentsOf: text.unicodeScalars)
            raw.removeAll()
        }
        while let c = next() {
            switch c {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                guard let e = next() else { throw Failure.notCanonical }
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(v)
                    else { throw Failure.notCanonical }
                    i += 4
                    scalars.append(scalar)
                default: throw Failure.notCanonical
                }
            case 0..<0x20: throw Failure.notCanonical
            default: raw.append(c)
            }
        }
        throw Failure.notCanonical
    }
}
