extension HubConfig {
    /// The base of links the hub hands out away from a request (a setup link on the command
    /// line, an email): `APPNORTH_PUBLIC_URL`, else the address ingest listens on (a wildcard
    /// as loopback).
    public var publicBase: String {
        if let publicURL { return publicURL }
        let host = httpHost == "0.0.0.0" ? "127.0.0.1" : httpHost
        return "http://\(host):\(httpPort)"
    }
}
