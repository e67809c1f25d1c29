/// Quoted-printable (RFC 2045 §6.7) for UTF-8 text bodies: every line of the result is at
/// most 76 characters, so no line ever nears SMTP's 998, whatever the text.
enum QuotedPrintable {
    static let lineLimit = 76

    /// Encodes `text`; its line breaks (LF, CRLF or CR) become CRLF hard breaks.
    static func encode(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.split(separator: "\n", omittingEmptySubsequences: false).map { encodeLine(Array($0.utf8)) }
            .joined(separator: "\r\n")
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var column = 0
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let token: [UInt8]
            if (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast) {
                token = [byte]
            } else {
                token = [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
            // A soft break ("=" at the end) keeps the line within the limit, counting the "=".
            let room = isLast ? lineLimit : lineLimit - 1
            if column + token.count > room {
                out += [UInt8(ascii: "="), 13, 10]
                column = 0
            }
            out += token
            column += token.count
        }
        return String(decoding: out, as: UTF8.self)
    }
}
