/// Why `CSVReader` refused a text; `code` is stable for API answers and logs, and every case
/// but `tooLarge` names the 1-based line of the text where the problem is.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text has more UTF-8 bytes than the limit; nothing was parsed.
    case tooLarge(limit: Int)
    /// A record would be one more than the limit; it starts on `line`.
    case tooManyRecords(line: Int, limit: Int)
    /// A record has more fields than the limit; the first one over starts on `line`.
    case tooManyFields(line: Int, limit: Int)
    /// A quoted field opened on `line` is never closed.
    case unterminatedQuote(line: Int)
    /// A double quote inside a field that did not start with one.
    case quoteInUnquotedField(line: Int)
    /// Something other than a comma or a line end right after a closing quote.
    case textAfterClosingQuote(line: Int)
    /// A carriage return outside quotes that is not part of a CRLF line end.
    case bareCarriageReturn(line: Int)

    public var code: String {
        switch self {
        case .tooLarge: return "CSV_TOO_LARGE"
        case .tooManyRecords: return "CSV_TOO_MANY_ROWS"
        case .tooManyFields: return "CSV_TOO_MANY_FIELDS"
        case .unterminatedQuote: return "CSV_UNTERMINATED_QUOTE"
        case .quoteInUnquotedField: return "CSV_STRAY_QUOTE"
        case .textAfterClosingQuote: return "CSV_TEXT_AFTER_QUOTE"
        case .bareCarriageReturn: return "CSV_BARE_CR"
        }
    }

    /// The line the problem is on; nil for `tooLarge`.
    public var line: Int? {
        switch self {
        case .tooLarge: return nil
        case .tooManyRecords(let line, _), .tooManyFields(let line, _), .unterminatedQuote(let line),
            .quoteInUnquotedField(let line), .textAfterClosingQuote(let line), .bareCarriageReturn(let line):
            return line
        }
    }

    /// What is wrong, without the line.
    public var reason: String {
        switch self {
        case .tooLarge(let limit): return "larger than \(limit) bytes"
        case .tooManyRecords(_, let limit): return "more than \(limit) rows"
        case .tooManyFields(_, let limit): return "more than \(limit) fields"
        case .unterminatedQuote: return "a quoted field is not closed"
        case .quoteInUnquotedField: return "a double quote inside a field that is not quoted"
        case .textAfterClosingQuote: return "text after a closing quote (a quote inside a quoted field is written twice)"
        case .bareCarriageReturn: return "a carriage return outside quotes that is not part of CRLF"
        }
    }

    public var description: String {
        if let line { return "\(code): line \(line): \(reason)" }
        return "\(code): \(reason)"
    }
}
