/// Percent-decoding of request targets, done on bytes because it runs for every request.
enum PercentDecoding {
    /// Decodes `%XX` (and `+` as a space when `plusAsSpace`); malformed escapes stay as
    /// written, and bytes that are not UTF-8 become U+FFFD.
    static func decode(_ text: Substring, plusAsSpace: Bool) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 37 || (plusAsSpace && $0 == 43) }) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let c = utf8[i]
            if c == 37, let h1 = utf8.index(i, offsetBy: 1, limitedBy: utf8.endIndex), h1 != utf8.endIndex,
               let h2 = utf8.index(h1, offsetBy: 1, limitedBy: utf8.endIndex), h2 != utf8.endIndex,
               let hi = hexValue(utf8[h1]), let lo = hexValue(utf8[h2]) {
                out.append(hi << 4 | lo)
                i = utf8.index(after: h2)
                continue
            }
            out.append(plusAsSpace && c == 43 ? 32 : c)
            i = utf8.index(after: i)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `(name, value)` pairs of an `application/x-www-form-urlencoded` query, in order.
    /// A pair without `=` has an empty value; empty pairs are skipped.
    static func queryItems(_ query: Substring) -> [(String, String)] {
        var items: [(String, String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let eq = pair.firstIndex(of: "=") {
                items.append((decode(pair[..<eq], plusAsSpace: true), decode(pair[pair.index(after: eq)...], plusAsSpace: true)))
            } else {
                items.append((decode(pair, plusAsSpace: true), ""))
            }
        }
        return items
    }

    /// The segments of a raw path, each decoded; `/a/b%2Fc` gives `["a", "b/c"]`.
    static func pathSegments(_ rawPath: Substring) -> [String] {
        var body = rawPath
        if body.first == "/" { body = body.dropFirst() }
        return body.split(separator: "/", omittingEmptySubsequences: false).map { decode($0, plusAsSpace: false) }
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }
}
