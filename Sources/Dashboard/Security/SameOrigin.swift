import HubHTTPServer

/// Whether a state-changing request comes from a page of this hub. Browsers send `Origin` on
/// every cross-site POST, and `Sec-Fetch-Site` on every request they make; a request with
/// neither (an old browser, a script) is refused too, since a mutation must prove where it
/// comes from.
public enum SameOrigin {
    /// `origin` is the hub's own, e.g. `https://hub.example.com` (no trailing slash).
    public static func allows(_ request: HTTPRequest, origin: String) -> Bool {
        if let site = request.headers["sec-fetch-site"]?.lowercased() {
            if site == "same-origin" { return true }
            if site != "none" { return false }
        }
        guard let sent = request.headers["origin"], sent != "null" else { return false }
        return sent.lowercased() == origin.lowercased()
    }

    /// The origin pages are served from: `APPNORTH_PUBLIC_URL` when set, else the request's
    /// scheme and `Host`.
    public static func origin(of request: HTTPRequest, publicURL: String?) -> String {
        if let publicURL { return publicURL }
        let host = request.headers["host"].flatMap { $0.isEmpty || $0.contains(where: { " /\\@?#".contains($0) }) ? nil : $0 }
        return request.scheme + "://" + (host ?? "localhost")
    }
}
