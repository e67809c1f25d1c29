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
        guard let normalized = normalize(origin), allowed.compactMap(normalize).contains(normalized) else {
            throw APIError.originNotAllowed
        }
    }

    /// `scheme://host:port` lowercased, or nil for anything that is not an http(s) origin.
    public static func normalize(_ origin: String) -> String? {
        let lower = origin.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = lower.dropFirst(scheme.count + 3)
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("?"), !rest.contains("#"), !rest.contains("@") else { return nil }
        var host = Substring(rest)
        var port = scheme == "https" ? "443" : "80"
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            host = rest[..<colon]
            port = String(rest[rest.index(after: colon)...])
            guard let p = Int(port), (1...65535).contains(p) else { return nil }
            port = String(p)
        }
        guard !host.isEmpty else { return nil }
        return "\(scheme)://\(host):\(port)"
    }
}
