/// A message that cannot be written safely; it is never sent.
public enum EmailCompositionError: Error, Equatable, CustomStringConvertible {
    /// A header value with a line break (header injection) or a NUL.
    case unsafeHeader(name: String)
    /// A line longer than RFC 5322's 998 characters that cannot be folded.
    case lineTooLong(name: String)
    case invalidDedupeKey

    public var code: String {
        switch self {
        case .unsafeHeader: return "UNSAFE_HEADER"
        case .lineTooLong: return "LINE_TOO_LONG"
        case .invalidDedupeKey: return "INVALID_DEDUPE_KEY"
        }
    }

    public var description: String {
        switch self {
        case .unsafeHeader(let name): return "\(code): the \(name) header holds a line break"
        case .lineTooLong(let name): return "\(code): the \(name) header is longer than 998 characters"
        case .invalidDedupeKey: return "\(code): a dedupe key is 1-200 printable ASCII characters"
        }
    }
}
