import Foundation
import HubRuntime

/// A JSON value as MCP carries it: JSON-RPC ids, tool arguments, schemas and results. Integers
/// stay apart from other numbers, because a schema's `integer` must tell 3 from 3.5, and an
/// object keeps its members in the order written, so `tools/list` and a tool's text block read
/// the same on every call.
enum MCPJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MCPJSON])
    case object([(String, MCPJSON)])

    static func == (a: MCPJSON, b: MCPJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { member in y.contains { $0.0 == member.0 && $0.1 == member.1 } }
        default: return false
        }
    }

    /// A member of an object; nil for a missing member or anything but an object.
    subscript(key: String) -> MCPJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var array: [MCPJSON]? { if case .array(let a) = self { return a } else { return nil } }
    var members: [(String, MCPJSON)]? { if case .object(let m) = self { return m } else { return nil } }

    /// A whole number, also when written as `3.0`.
    var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9e15: return Int(d)
        default: return nil
        }
    }

    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The object with `key` set to `value`, replacing a member of that name in place.
    func setting(_ key: String, _ value: MCPJSON) -> MCPJSON {
        var members = self.members ?? []
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// Compact JSON text: members in order, slashes unescaped, numbers as JavaScript prints them.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if !d.isFinite {
                out += "null"
            } else if d.rounded() == d && abs(d) < 9e15 {
                out += String(Int(d))
            } else {
                out += "\(d)"
            }
        case .string(let s): JSONText.appendString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONText.appendString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}

extension MCPJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(arrayLiteral elements: MCPJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, MCPJSON)...) { self = .object(elements) }
    init(nilLiteral: ()) { self = .null }
}
