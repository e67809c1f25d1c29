/// The hub's one CSV writer: RFC 4180 text that is safe to open in a spreadsheet.
///
/// - Every record ends with CRLF, the last one too.
/// - A field is quoted when it contains a comma, a double quote, CR or LF; a double quote
///   inside it is doubled.
/// - Formula neutralization, the hub's only rule for it: a field whose first character is
///   `=`, `+`, `-`, `@`, tab (U+0009) or carriage return (U+000D) is written with a `'`
///   before it, so a spreadsheet shows it as text instead of running it. Nothing else is
///   looked at: `-2` is written `'-2` too, because a rule that guesses at numbers is a rule
///   an attacker can aim at.
/// - A record that is a single empty field is written `""`, so it is not read as a blank line,
///   and a field starting with U+FEFF is quoted, so it is not read as a byte order mark.
///
/// `CSVReader` with `restoresNeutralizedFields` is the inverse for the hub's own files: it
/// removes a leading `'` that is followed by one of those six characters. The one value that
/// does not survive the round trip is one that itself starts with `'` and one of the six: it
/// reads back without its `'`.
public struct CSVWriter: Sendable {
    /// The records written so far.
    public private(set) var text = ""

    public init() {}

    /// A writer whose first record is `header`.
    public init(header: [String]) {
        append(header)
    }

    /// Writes one record.
    public mutating func append(_ fields: [String]) {
        if fields.count == 1, fields[0].isEmpty {
            text += "\"\"\r\n"
            return
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { text += "," }
            CSVWriter.write(field, to: &text)
        }
        text += "\r\n"
    }

    /// `value` as one field: neutralized, then quoted when it must be.
    public static func field(_ value: String) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    /// Whether `byte`, as a field's first byte, would make a spreadsheet read the field as a formula.
    @inline(__always)
    static func startsFormula(_ byte: UInt8) -> Bool {
        // = + - @ tab CR
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    private static func write(_ value: String, to out: inout String) {
        let utf8 = value.utf8
        let neutralize = utf8.first.map(startsFormula) ?? false
        // , " CR LF, or a leading byte order mark
        let quote = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A } || utf8.starts(with: [0xEF, 0xBB, 0xBF])
        if !neutralize && !quote {
            out += value
            return
        }
        if quote { out += "\"" }
        if neutralize { out += "'" }
        if quote && utf8.contains(0x22) {
            // Byte-wise: a quote followed by a combining mark is one Character to String APIs.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 8)
            for byte in utf8 {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            out += String(decoding: bytes, as: UTF8.self)
        } else {
            out += value
        }
        if quote { out += "\"" }
    }
}
