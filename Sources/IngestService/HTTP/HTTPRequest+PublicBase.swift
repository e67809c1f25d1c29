import HubHTTPServer

extension HTTPRequest {
    /// The scheme and authority clients reach the hub at, for links the hub hands out (photo
    /// URLs, invitation links): `APPNORTH_PUBLIC_URL` when set, else the request's `Host` (as
    /// sent to ingest, or to a proxy that passes it through) and its scheme (`https` only when a
    /// trusted proxy says so).
    func publicBase(configured publicURL: String?) -> String {
        if let publicURL { return publicURL }
        let host = headers["Host"].flatMap { $0.isEmpty || $0.utf8.contains(where: Self.isNotInHost) ? nil : $0 }
        return scheme + "://" + (host ?? "localhost")
    }

    /// A space, `/`, `\`, `@`, `?` or `#`: bytes that would end or change the authority.
    private static func isNotInHost(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "#"):
            return true
        default: return false
        }
    }
}
