import HubRuntime

/// A JWT claim value: the kinds Apple's APIs use.
public enum JWTClaim: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int64)
    case strings([String])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }

    func appendJSON(to out: inout String) {
        switch self {
        case .string(let s):
            JSONText.appendString(s, to: &out)
        case .int(let n):
            out.append(String(n))
        case .strings(let list):
            out.append("[")
            for (i, s) in list.enumerated() {
                if i > 0 { out.append(",") }
                JSONText.appendString(s, to: &out)
            }
            out.append("]")
        }
    }

    /// Compact JSON with keys in byte order, so equal claims always give the same token.
    static func json(_ claims: [String: JWTClaim]) -> String {
        var out = "{"
        let keys = claims.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (i, key) in keys.enumerated() {
            if i > 0 { out.append(",") }
            JSONText.appendString(key, to: &out)
            out.append(":")
            claims[key]!.appendJSON(to: &out)
        }
        out.append("}")
        return out
    }
}
