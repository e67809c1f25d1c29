import Foundation

/// The languages the hosted pages are written in. A page is in the first language of the
/// visitor's `Accept-Language` that the project lists and the pages speak, else the first the
/// project lists that they speak, else English.
public enum RoadmapLanguage: String, CaseIterable, Sendable {
    case en, es

    public var copy: RoadmapCopy {
        switch self {
        case .en: return .english
        case .es: return .spanish
        }
    }

    public static func choose(projectLanguages: [String], acceptLanguage: String?) -> RoadmapLanguage {
        let offered = projectLanguages.compactMap { RoadmapLanguage(rawValue: primary($0)) }
        for wanted in preferred(acceptLanguage) {
            if let match = offered.first(where: { $0.rawValue == wanted }) { return match }
        }
        return offered.first ?? .en
    }

    /// The primary subtags of an `Accept-Language` value, most wanted first (stable for equal
    /// weights); `q=0` means "not this one".
    static func preferred(_ header: String?) -> [String] {
        guard let header else { return [] }
        var weighted: [(tag: String, q: Double, index: Int)] = []
        for (index, part) in header.split(separator: ",").prefix(20).enumerated() {
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first.map({ primary(String($0)) }), !tag.isEmpty else { continue }
            var q = 1.0
            for piece in pieces.dropFirst() {
                let trimmed = piece.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { q = value }
            }
            if q > 0 { weighted.append((tag, q, index)) }
        }
        return weighted.sorted { $0.q != $1.q ? $0.q > $1.q : $0.index < $1.index }.map(\.tag)
    }

    static func primary(_ tag: String) -> String {
        String(tag.trimmingCharacters(in: .whitespaces).lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
