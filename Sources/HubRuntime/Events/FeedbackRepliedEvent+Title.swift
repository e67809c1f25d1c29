extension FeedbackRepliedEvent {
    /// Characters of a report's message that name it in a reply email.
    public static let titleLength = 80

    /// A report has no title of its own: its first non-blank line, whitespace runs made one
    /// space, cut to 80 characters with an ellipsis.
    public static func title(message: String) -> String {
        let line = message.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        let flat = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count > titleLength ? String(flat.prefix(titleLength - 1)) + "…" : flat
    }
}
