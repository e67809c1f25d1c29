/// Byte-level helpers for the per-request paths (IDs, timestamps, log lines) where
/// `String(format:)` and Foundation searches cost more than the request itself.
enum ASCIIBuffer {
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes `value` as `width` decimal digits, zero-padded, at `at`.
    @inline(__always)
    static func putDecimal(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        var v = value
        var i = at + width - 1
        while i >= at {
            buffer[i] = UInt8(48 + v % 10)
            v /= 10
            i -= 1
        }
    }

    /// Whether `haystack` contains `needle`, comparing ASCII letters without case.
    /// `needle` must be lowercase.
    static func containsIgnoringASCIICase(_ haystack: String, _ needle: [UInt8]) -> Bool {
        var text = haystack
        return text.withUTF8 { bytes in
            let n = needle.count
            guard n > 0, bytes.count >= n else { return n == 0 }
            var i = 0
            while i <= bytes.count - n {
                var j = 0
                while j < n {
                    var c = bytes[i + j]
                    if c >= 65 && c <= 90 { c += 32 }
                    if c != needle[j] { break }
                    j += 1
                }
                if j == n { return true }
                i += 1
            }
            return false
        }
    }
}
