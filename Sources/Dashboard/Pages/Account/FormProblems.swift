/// What a rejected form got wrong, by field, in the words of the hub's `INVALID_PAYLOAD`
/// errors (`fields`): the page is drawn again with the values that were sent and each problem
/// next to its field, so nothing typed is lost.
public struct FormProblems: Sendable, Equatable {
    public var byField: [String: [String]]

    public init(_ byField: [String: [String]] = [:]) { self.byField = byField }

    public static let none = FormProblems()

    public var isEmpty: Bool { byField.values.allSatisfy(\.isEmpty) }

    /// The problems of `field` and of its entries (`allowedOrigins[2]`), an entry's named by
    /// its line as the person typed it (index 2 is line 3).
    public subscript(_ field: String) -> [String] {
        var out = byField[field] ?? []
        let prefix = field + "["
        let entries = byField.keys.filter { $0.hasPrefix(prefix) && $0.hasSuffix("]") }
            .compactMap { key -> (Int, String)? in Int(key.dropFirst(prefix.count).dropLast()).map { ($0, key) } }
            .sorted { $0.0 < $1.0 }
        for (index, key) in entries {
            for message in byField[key] ?? [] { out.append("Line \(index + 1): " + message) }
        }
        return out
    }
}
