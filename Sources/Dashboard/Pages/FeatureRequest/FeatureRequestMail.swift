/// The "Send by email" draft of a request, for a hub that cannot file it itself: a `mailto:`
/// URL (RFC 6068) with the subject and body prefilled. Every character outside the unreserved
/// set is percent-encoded as UTF-8, so `&`, `?`, `#` or `%` in what was typed stay text.
public enum FeatureRequestMail {
    public static let address = "hola@appnorth.app"

    public static func url(_ values: FeatureRequestPage.Values) -> String {
        let type = FeatureRequestPage.typeLabel(values.type) ?? "Request"
        let subject = type + ": " + values.title
        var lines = ["Type: " + type]
        if let importance = FeatureRequestPage.importanceLabel(values.importance) { lines.append("Importance: " + importance) }
        lines.append("Title: " + values.title)
        if !values.details.isEmpty { lines += ["", values.details] }
        // RFC 6068 writes a line break in a body as CRLF.
        let body = lines.joined(separator: "\n").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        return "mailto:" + address + "?subject=" + encode(subject) + "&body=" + encode(body)
    }

    private static let hex = Array("0123456789ABCDEF".unicodeScalars)

    /// UTF-8 bytes, each outside `A-Z a-z 0-9 - . _ ~` written as `%XX`.
    static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
