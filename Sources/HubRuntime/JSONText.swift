/// Hand-written JSON text for hot paths (log lines, fixed responses) where an encoder per
/// call would cost more than the work itself.
public enum JSONText {
    public static func appendString(_ s: String, to out: inout String) {
        append(s, encoderForm: false, to: &out)
    }

    /// The string, or `null` when there is none.
    public static func appendOptional(_ s: String?, to out: inout String) {
        if let s { appendString(s, to: &out) } else { out.append("null") }
    }

    /// The string as JSONEncoder writes it with `.withoutEscapingSlashes`, byte for byte (for
    /// `JSONWritable`): `\b` and `\f` in their short forms, U+2028 and U+2029 unescaped.
    public static func appendEncoderString(_ s: String, to out: inout String) {
        append(s, encoderForm: true, to: &out)
    }

    private static func append(_ s: String, encoderForm: Bool, to out: inout String) {
        if !needsEscaping(s) {
            out.append("\"")
            out.append(s)
            out.append("\"")
            return
        }
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}" where encoderForm: out.append("\\b")
            case "\u{0C}" where encoderForm: out.append("\\f")
            case let c where c.value < 0x20 || (!encoderForm && (c.value == 0x2028 || c.value == 0x2029)):
                let hex = String(c.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    /// Quotes, backslashes, control characters, and U+2028/U+2029 (lead byte 0xE2) take the slow path.
    static func needsEscaping(_ s: String) -> Bool {
        var text = s
        return text.withUTF8 { needsEscaping($0) }
    }

    /// `needsEscaping` of a string's UTF-8 bytes.
    @inlinable
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 { return true }
        return false
    }

    public static func quoted(_ s: String) -> String {
        var out = ""
        appendString(s, to: &out)
        return out
    }
}
