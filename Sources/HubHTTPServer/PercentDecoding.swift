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
                let hi = hexValue(utf8[h1]), let lo = hexValue(utf8[h2])
            {
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
    /// A pair without `=` has an empty value; empty pairs are skipped. Split on bytes:
    /// `Substring.split` would walk grapheme clusters.
    static func queryItems(_ query: Substring) -> [(String, String)] {
        var items: [(String, String)] = []
        var bytes = Array(query.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                var eq = -1
                while end < buffer.count && buffer[end] != 38 {
                    if eq < 0 && buffer[end] == 61 { eq = end }
                    end += 1
                }
                if end > start {
                    if eq >= 0 {
                        items.append(
                            (decodeBytes(buffer, start, eq, plusAsSpace: true), decodeBytes(buffer, eq + 1, end, plusAsSpace: true)))
                    } else {
                        items.append((decodeBytes(buffer, start, end, plusAsSpace: true), ""))
                    }
                }
                start = end + 1
            }
        }
        return items
    }

    /// `buffer[from..<to]` with `%XX` (and `+` when `plusAsSpace`) decoded in place (the
    /// decoded form is never longer), as a String; invalid UTF-8 becomes U+FFFD.
    private static func decodeBytes(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ from: Int, _ to: Int, plusAsSpace: Bool) -> String {
        var read = from
        var write = from
        while read < to {
            let c = buffer[read]
            if c == 37, read + 2 < to,
                let hi = hexValue(buffer[read + 1]), let lo = hexValue(buffer[read + 2])
            {
                buffer[write] = hi << 4 | lo
                read += 3
            } else {
                buffer[write] = plusAsSpace && c == 43 ? 32 : c
                read += 1
            }
            write += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[from..<write]), as: UTF8.self)
    }

    /// The segments of a raw path, each decoded; `/a/b%2Fc` gives `["a", "b/c"]`.
    static func pathSegments(_ rawPath: Substring) -> [String] {
        var bytes = Array(rawPath.utf8)
        var segments: [String] = []
        bytes.withUnsafeMutableBufferPointer { buffer in
            var start = buffer.first == 47 ? 1 : 0
            while true {
                var end = start
                while end < buffer.count && buffer[end] != 47 { end += 1 }
                segments.append(decodeBytes(buffer, start, end, plusAsSpace: false))
                if end >= buffer.count { break }
                start = end + 1
            }
        }
        return segments
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
