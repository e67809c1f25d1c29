import HubHTTPServer

/// `Origin` against a project's allowed origins, compared as scheme, host and port with
/// default ports made explicit and case folded.
public enum OriginCheck {
    public enum Rule: Sendable {
        /// Feedback and community writes: Origin must be present and allowed.
        case required
        /// Chat and push: a missing Origin is fine, a present one must be allowed.
        case ifPresent
    }

    public static func check(_ origin: String?, allowed: [String], rule: Rule) throws {
        guard let origin, !origin.isEmpty else {
            if rule == .required { throw APIError.originNotAllowed }
            return
        }
        guard let normalized = normalize(origin) else { throw APIError.originNotAllowed }
        // Browsers usually send an allowed origin spelled as it was configured, and equal
        // strings normalize alike: only another spelling needs the allowed ones normalized.
        if allowed.contains(origin) { return }
        guard allowed.contains(where: { normalize($0) == normalized }) else { throw APIError.originNotAllowed }
    }

    /// `scheme://host:port` lowercased, or nil for anything that is not an http(s) origin.
    /// Every public write normalizes its Origin and the project's allowed ones, so this works
    /// on the UTF-8 bytes (the delimiters are ASCII, never part of a multi-byte character).
    public static func normalize(_ origin: String) -> String? {
        let lower: [UInt8] =
            origin.utf8.allSatisfy { $0 < 0x80 }
            ? origin.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 } : Array(origin.lowercased().utf8)
        let scheme: String
        if lower.starts(with: Self.https) {
            scheme = "https"
        } else if lower.starts(with: Self.http) {
            scheme = "http"
        } else {
            return nil
        }
        let rest = lower[(scheme.utf8.count + 3)...]
        guard !rest.isEmpty, !rest.contains(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 || $0 == 0x40 }) else { return nil }
        var host = rest
        var port = scheme == "https" ? "443" : "80"
        if let colon = rest.lastIndex(of: 0x3A), rest.last != 0x5D {
            host = rest[..<colon]
            guard let p = Int(String(decoding: rest[(colon + 1)...], as: UTF8.self)), (1...65535).contains(p) else { return nil }
            port = String(p)
        }
        guard !host.isEmpty else { return nil }
        return "\(scheme)://\(String(decoding: host, as: UTF8.self)):\(port)"
    }

    private static let https = Array("https://".utf8)
    private static let http = Array("http://".utf8)
}
