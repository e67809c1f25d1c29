/// Word handling shared by difficulty, related terms and candidates: lower-cased runs of
/// letters and digits, so "Photo-Editor: Pro" reads as `photo editor pro`.
enum ASOText {
    /// Function words that make poor search terms on their own (English, plus the connectors
    /// most common in App Store titles of the largest non-English storefronts).
    static let stopwords: Set<String> = [
        "a", "an", "and", "app", "apps", "are", "as", "at", "by", "for", "from", "in", "into", "is", "it", "its", "my",
        "of", "on", "or", "the", "to", "with", "your", "you", "new", "best", "free", "de", "la", "le", "les", "el",
        "los", "las", "y", "et", "und", "der", "die", "das", "für", "mit", "du", "des", "en", "para", "por", "con", "di",
        "da", "do", "e", "il", "per",
    ]

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// True when every word of `termWords` is among `titleWords`.
    static func contains(_ titleWords: [String], all termWords: [String]) -> Bool {
        guard !termWords.isEmpty else { return false }
        let set = Set(titleWords)
        return termWords.allSatisfy(set.contains)
    }

    /// A word worth suggesting alone: not a function word, not only digits, at least 3 characters.
    static func isContentWord(_ word: String) -> Bool {
        word.count >= 3 && !stopwords.contains(word) && !word.allSatisfy(\.isNumber)
    }
}
