import CCurl

/// A libcurl header list built once and shared as the tail of many streams' own lists (see
/// `CurlStream`), so headers common to a batch are checked and copied once, not per request.
/// It must outlive every stream linked to it; streams hold a reference.
final class CurlHeaderList: @unchecked Sendable {
    /// Never changed after `init`; libcurl only reads it.
    private(set) var head: UnsafeMutablePointer<curl_slist>?
    /// Whether the list sets or omits `User-Agent`, so libcurl's own is not needed.
    let replacesUserAgent: Bool

    /// Just a blank `Expect:`: the tail of a request's own headers when its batch has no
    /// shared list.
    static let blankExpect = try! CurlHeaderList([])

    /// Builds the list, ending with a blank `Expect:` (which keeps libcurl from adding one)
    /// unless `headers` has its own; throws `HTTPClientError.transport` for a name or value
    /// that could smuggle another header (CR, LF, or a colon in the name). Each of `omitting`
    /// (`Accept`, `User-Agent`, …) is a header libcurl would add by itself that these requests
    /// go without: libcurl formats every header of every request, so each one left out is work
    /// saved per stream.
    init(_ headers: [(String, String)], omitting: [String] = []) throws {
        var sawExpect = false
        var userAgent = false
        for (name, value) in headers {
            if try CurlHeaderList.append(name, value, to: &head) { sawExpect = true }
            if name.lowercased() == "user-agent" { userAgent = true }
        }
        for name in omitting {
            if name.lowercased() == "user-agent" { userAgent = true }
            try CurlHeaderList.checkName(name)
            try CurlHeaderList.appendLine(name + ":", to: &head)
            if name.lowercased() == "expect" { sawExpect = true }
        }
        if !sawExpect { try CurlHeaderList.appendLine("Expect:", to: &head) }
        replacesUserAgent = userAgent
    }

    deinit {
        curl_slist_free_all(head)
    }

    /// Appends "name: value" (libcurl's "name;" for an empty value) and returns whether it is
    /// an `Expect` header.
    @discardableResult
    static func append(_ name: String, _ value: String, to list: inout UnsafeMutablePointer<curl_slist>?) throws -> Bool {
        try checkName(name)
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else {
            throw HTTPClientError.transport(code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue), message: "invalid request header \(name)")
        }
        try appendLine(value.isEmpty ? name + ";" : name + ": " + value, to: &list)
        return name.utf8.count == 6 && name.lowercased() == "expect"
    }

    /// A header name must not be empty nor hold a colon, CR or LF.
    static func checkName(_ name: String) throws {
        guard !name.isEmpty, !name.utf8.contains(where: { $0 == 0x3A || $0 == 0x0D || $0 == 0x0A }) else {
            throw HTTPClientError.transport(code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue), message: "invalid request header \(name)")
        }
    }

    static func appendLine(_ line: String, to list: inout UnsafeMutablePointer<curl_slist>?) throws {
        guard let appended = curl_slist_append(list, line) else {
            throw HTTPClientError.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_slist_append failed")
        }
        list = appended
    }
}
