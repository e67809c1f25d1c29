import Foundation

/// The v2 identity properties: a flat JSON object of scalars, serialized canonically (keys
/// sorted by UTF-16 code unit, no whitespace, strings and numbers exactly as JavaScript's
/// `JSON.stringify` prints them). The server parses the decoded header strictly, checks the
/// limits (docs/http-conventions.md, "Verified identity"), re-serializes, and accepts only bytes
/// that were already canonical.
public enum CanonicalProperties {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notJSONObject
        case notCanonical
        case tooManyKeys
        case invalidKey(String)
        case forbiddenKey
        case duplicateKey(String)
        case unsupportedValue(String)
        case stringTooLong(String)
        case nonFiniteNumber(String)
        case tooLarge

        public var description: String {
            switch self {
            case .notJSONObject: return "properties are not a JSON object"
            case .notCanonical: return "properties are not in canonical form"
            case .tooManyKeys: return "more than \(InputLimits.identityPropertyKeys) properties"
            case .invalidKey(let k): return "property key '\(k)' is not allowed"
            case .forbiddenKey: return "property key 'constructor' is forbidden"
            case .duplicateKey(let k): return "property key '\(k)' appears twice"
            case .unsupportedValue(let k): return "property '\(k)' must be a string, finite number or boolean"
            case .stringTooLong(let k): return "property '\(k)' is longer than \(InputLimits.identityPropertyString) characters"
            case .nonFiniteNumber(let k): return "property '\(k)' is not a finite number"
            case .tooLarge: return "properties exceed \(InputLimits.identityPropertiesBytes) bytes"
            }
        }
    }

    /// Parses and checks `bytes`; returns the properties when they are valid and canonical.
    public static func parse(_ bytes: [UInt8]) throws -> [String: IdentityProperty] {
        guard bytes.count <= InputLimits.identityPropertiesBytes else { throw Failure.tooLarge }
        var parser = FlatJSONParser(bytes: bytes)
        let pairs = try parser.parseObject()
        guard pairs.count <= InputLimits.identityPropertyKeys else { throw Failure.tooManyKeys }
        var result: [String: IdentityProperty] = [:]
        for (key, value) in pairs {
            guard result[key] == nil else { throw Failure.duplicateKey(key) }
            guard key != "constructor" else { throw Failure.forbiddenKey }
            guard isValidKey(key) else { throw Failure.invalidKey(key) }
            if case .string(let s) = value, s.utf16.count > InputLimits.identityPropertyString { throw Failure.stringTooLong(key) }
            result[key] = value
        }
        guard serialize(result) == bytes else { throw Failure.notCanonical }
        return result
    }

    /// A letter, then up to 63 letters, digits, `_`, `.` or `-`.
    static func isValidKey(_ key: String) -> Bool {
        let u = Array(key.utf8)
        guard !u.isEmpty, u.count <= InputLimits.identityPropertyKeyLength else { return false }
        func letter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        guard letter(u[0]) else { return false }
        return u.dropFirst().allSatisfy { letter($0) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 46 || $0 == 45 }
    }

    /// The canonical serialization.
    public static func serialize(_ properties: [String: IdentityProperty]) -> [UInt8] {
        let keys = properties.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (i, key) in keys.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            appendJSString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch properties[key]! {
            case .string(let s): appendJSString(s, to: &out)
            case .number(let n): out += Array(JSNumber.format(n).utf8)
            case .boolean(let b): out += Array((b ? "true" : "false").utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A string as `JSON.stringify` writes it: `"` `\` and controls escaped (short forms
    /// where they exist, else `\u00xx`), everything else literal.
    static func appendJSString(_ s: String, to out: inout [UInt8]) {
        out.append(34)
        for unit in s.unicodeScalars {
            switch unit.value {
            case 0x22: out += [92, 34]
            case 0x5C: out += [92, 92]
            case 0x08: out += [92, 98]
            case 0x0C: out += [92, 102]
            case 0x0A: out += [92, 110]
            case 0x0D: out += [92, 114]
            case 0x09: out += [92, 116]
            case 0..<0x20:
                let hex = String(unit.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out += Array(String(unit).utf8)
            }
        }
        out.append(34)
    }
}
