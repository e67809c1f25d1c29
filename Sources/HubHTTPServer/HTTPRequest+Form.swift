extension HTTPRequest {
    /// `(name, value)` pairs of an `application/x-www-form-urlencoded` body, in order, with
    /// `+` as a space; empty for any other content type.
    public func formItems() -> [(String, String)] {
        guard let type = headers["content-type"]?.lowercased(), type.hasPrefix("application/x-www-form-urlencoded") else { return [] }
        return PercentDecoding.queryItems(Substring(String(decoding: body, as: UTF8.self)))
    }
}
