/// Related searches: candidate terms extracted from returned app titles, excluding the term
/// itself and its own words. Suggestions for further research, not measured demand.
enum ASORelatedTerms {
    static let limit = 12

    /// Single content words and pairs of adjacent content words, ranked by how many titles use
    /// them, then by first appearance (provider order); at most `limit`.
    static func extract(term: String, titles: [String], limit: Int = ASORelatedTerms.limit) -> [String] {
        let termWords = Set(ASOText.words(term))
        let normalizedTerm = ASOText.words(term).joined(separator: " ")
        var counts: [String: Int] = [:]
        var order: [String] = []
        for title in titles {
            let words = ASOText.words(title)
            var seen = Set<String>()
            func note(_ candidate: String) {
                guard candidate != normalizedTerm, seen.insert(candidate).inserted else { return }
                if counts[candidate] == nil { order.append(candidate) }
                counts[candidate, default: 0] += 1
            }
            for (i, word) in words.enumerated() where ASOText.isContentWord(word) {
                if !termWords.contains(word) { note(word) }
                if i + 1 < words.count, ASOText.isContentWord(words[i + 1]) {
                    let pair = word + " " + words[i + 1]
                    // A pair made only of the term's own words restates the term.
                    if !(termWords.contains(word) && termWords.contains(words[i + 1])) { note(pair) }
                }
            }
        }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.sorted { a, b in
            let (ca, cb) = (counts[a]!, counts[b]!)
            return ca != cb ? ca > cb : position[a]! < position[b]!
        }.prefix(limit).map { $0 }
    }
}
