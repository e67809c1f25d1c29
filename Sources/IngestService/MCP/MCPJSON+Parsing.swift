import Foundation

/// JSON text and Swift values into `MCPJSON`. The parser is the hub's own so that integers,
/// other numbers and booleans stay apart on every platform (Foundation's `NSNumber` blurs them);
/// it is strict (RFC 8259, one value, no trailing commas) and bounded by the route's body limit
/// and `maxDepth`.
extension MCPJSON {
    static let maxDepth = 64

    /// nil when `bytes` are not exactly one JSON value.
    static func parse(_ bytes: [UInt8]) -> MCPJSON? {
        var parser = MCPJSONParser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    /// A value built in Swift the way `JSONSerialization` takes it (`[String: Any]`, `NSNull`);
    /// the existing JSON shapes (`AdminFeedbackJSON`) come in this way. A dictionary's keys are
    /// sorted, since it has no order of its own.
    init(foundation value: Any) {
        switch value {
        case is NSNull: self = .null
        case let s as String: self = .string(s)
        case let b as Bool: self = .bool(b)
        case let i as Int: self = .int(i)
        case let i as Int64: self = .int(Int(i))
        case let d as Double: self = .double(d)
        case let a as [Any]: self = .array(a.map(MCPJSON.init(foundation:)))
        case let o as [String: Any]: self = .object(o.keys.sorted().map { ($0, MCPJSON(foundation: o[$0]!)) })
        default: self = .null
        }
    }

    /// An `Encodable` value (an RPC response) through `JSONEncoder`.
    init<T: Encodable>(encoding value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let parsed = MCPJSON.parse(Array(try encoder.encode(value))) else { throw MCPToolError.internalFailure }
        self = parsed
    }
}

/// One pass over the bytes of a JSON text.
private struct MCPJSONParser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) -> MCPJSON? {
        guard depth <= MCPJSON.maxDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(MCPJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    mutating func literal(_ word: String, _ value: MCPJSON) -> MCPJSON? {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { return nil }
        index += w.count
        return value
    }

    mutating func object(depth: Int) -> MCPJSON? {
        index += 1
        var members: [(String, MCPJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth + 1) else { return nil }
            // A repeated name keeps its last value, as JavaScript's JSON.parse does.
            members.removeAll { $0.0 == key }
            members.append((key, member))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    mutating func array(depth: Int) -> MCPJSON? {
        index += 1
        var items: [MCPJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(items)
        }
    }

    mutating func string() -> String? {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""): return String(bytes: out, encoding: .utf8)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: return nil
                }
            case 0..<0x20: return nil
            default: out.append(b)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
            let value = UInt32(text, radix: 16)
        else { return nil }
        index += 4
        return value
    }

    mutating func number() -> MCPJSON? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
        if bytes[index] == 48 {
            index += 1
        } else {
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
        guard let text = String(bytes: bytes[start..<index], encoding: .ascii) else { return nil }
        if integral, let i = Int(text) { return .int(i) }
        return Double(text).map(MCPJSON.double)
    }
}
