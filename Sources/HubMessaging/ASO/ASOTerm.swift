/// A search term as the ASO tools key it: trimmed, lower-cased, inner whitespace collapsed to
/// one space, so "  Photo   Editor " and "photo editor" share one cache entry and one tracked
/// keyword. Both ingest (validation) and asod (keys) use this one definition.
public enum ASOTerm {
    /// Shortest and longest term accepted, in characters, after trimming.
    public static let lengthRange = 1...100

    /// The cache and tracking key of `raw`.
    public static func normalize(_ raw: String) -> String {
        raw.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// nil when `raw` is acceptable, else the problem, phrased for a field error.
    public static func problem(_ raw: String) -> String? {
        let count = normalize(raw).count
        return lengthRange.contains(count) ? nil : "must be \(lengthRange.lowerBound)-\(lengthRange.upperBound) characters"
    }
}
