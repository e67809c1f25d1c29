/// Turns what a person typed into an FTS5 query that cannot be a syntax error: each word
/// becomes a quoted prefix term (`"word"*`), all of which must match. Operators, quotes,
/// parentheses, `NEAR`, `-` and `:` are separators here, never syntax.
enum SearchExpression {
    /// Bounds the work of one search whatever the input.
    static let maxTerms = 12

    /// The FTS5 expression, or nil when the text holds no word at all (such a search
    /// matches nothing).
    static func fts5(_ text: String) -> String? {
        var terms: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty, terms.count < maxTerms { terms.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) { current.append(scalar) } else { flush() }
        }
        flush()
        if terms.isEmpty { return nil }
        // Word scalars exclude '"', so quoting needs no escaping; the tokenizer of the
        // table (unicode61, diacritics removed) folds case and accents of each term.
        return terms.map { "\"" + $0 + "\"*" }.joined(separator: " ")
    }

    /// Letters, digits and combining marks, as the `unicode61` tokenizer keeps them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }
}
