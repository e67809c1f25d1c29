import Foundation

/// Checks a localization as it would be after an edit (docs/app-store-connect.md, "Metadata"):
/// Apple's field limits, the 100-byte keyword budget measured in UTF-8, empty and duplicate keyword
/// terms, and keyword words already present in the name or subtitle (indexed there already).
public enum MetadataValidator {
    /// Apple's limits, in characters; keywords in UTF-8 bytes.
    public static let limits: [String: Int] = ["name": 30, "subtitle": 30, "promotionalText": 170, "description": 4_000, "whatsNew": 4_000]
    public static let keywordBytes = 100

    public static func validate(_ fields: ASCMetadataFields) -> [ASCMetadataProblem] {
        var problems: [ASCMetadataProblem] = []
        for field in ASCMetadataFields.all where field != "keywords" {
            guard let value = fields[field], let limit = limits[field] else { continue }
            if value.count > limit {
                problems.append(
                    .init(
                        field: field, code: "TOO_LONG", message: "\(field) is \(value.count) characters; Apple allows \(limit).",
                        severity: .error))
            }
        }
        if let name = fields.name, name.trimmingCharacters(in: .whitespacesAndNewlines).count < 2 {
            problems.append(.init(field: "name", code: "TOO_SHORT", message: "The name needs at least 2 characters.", severity: .error))
        }
        if let keywords = fields.keywords {
            let bytes = keywords.utf8.count
            if bytes > keywordBytes {
                problems.append(
                    .init(
                        field: "keywords", code: "TOO_LONG",
                        message: "keywords are \(bytes) UTF-8 bytes; Apple allows \(keywordBytes).", severity: .error))
            }
            let terms = keywords.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if !keywords.isEmpty, terms.contains(where: \.isEmpty) {
                problems.append(
                    .init(
                        field: "keywords", code: "EMPTY_TERM",
                        message: "A keyword term is empty (two commas in a row, or a comma at an end).",
                        severity: .error))
            }
            var seen: Set<String> = []
            for term in terms where !term.isEmpty {
                let key = term.lowercased()
                if !seen.insert(key).inserted {
                    problems.append(
                        .init(field: "keywords", code: "DUPLICATE_TERM", message: "\"\(term)\" appears more than once.", severity: .error))
                }
            }
            let indexed = Set(words(fields.name ?? "") + words(fields.subtitle ?? ""))
            for word in Set(terms.flatMap(words)).sorted() where indexed.contains(word) {
                problems.append(
                    .init(
                        field: "keywords", code: "REPEATED_WORD",
                        message: "\"\(word)\" is already in the name or subtitle; the bytes could hold another term.",
                        severity: .warning))
            }
        }
        return problems
    }

    /// Lower-cased words of a field, split on anything that is not a letter or a digit.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 1 }
    }

    /// Candidates that fit the keyword budget after the current terms, skipping terms already
    /// present and words already indexed in the name or subtitle; nothing is published.
    public static func suggest(_ fields: ASCMetadataFields, candidates: [String]) -> (keywords: String, added: [String]) {
        var terms = (fields.keywords ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var present = Set(terms.map { $0.lowercased() })
        let indexed = Set(words(fields.name ?? "") + words(fields.subtitle ?? ""))
        var added: [String] = []
        for candidate in candidates {
            let term = candidate.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !term.isEmpty, !term.contains(","), !present.contains(term) else { continue }
            if !words(term).isEmpty, words(term).allSatisfy(indexed.contains) { continue }
            let joined = (terms + [term]).joined(separator: ",")
            guard joined.utf8.count <= keywordBytes else { continue }
            terms.append(term)
            present.insert(term)
            added.append(term)
        }
        return (terms.joined(separator: ","), added)
    }
}
