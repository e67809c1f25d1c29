import Foundation

/// The hub's product updates, shipped inside the binary (`Resources/whats_new.json`, embedded
/// with SwiftPM's `embedInCode`, so nothing is read from disk at runtime) and checked on first
/// use: ISO dates, newest first, every entry with a title, text and documentation links.
public struct WhatsNewFeed: Sendable {
    public let entries: [WhatsNewEntry]

    /// The shipped file, parsed once. A file that fails its checks shows no entries rather than
    /// taking the dashboard down; `WhatsNewFeedTests` keeps it from shipping that way.
    public static let shipped: WhatsNewFeed = (try? WhatsNewFeed(json: PackageResources.whats_new_json)) ?? WhatsNewFeed(entries: [])

    init(entries: [WhatsNewEntry]) { self.entries = entries }

    /// Parses and checks `json`; throws `WhatsNewFeedError` naming the first entry at fault.
    public init(json: [UInt8]) throws {
        let decoded: [WhatsNewEntry]
        do {
            decoded = try JSONDecoder().decode([WhatsNewEntry].self, from: Data(json))
        } catch {
            throw WhatsNewFeedError.notJSON
        }
        for (index, entry) in decoded.enumerated() {
            guard WhatsNewFeed.isISODate(entry.date) else { throw WhatsNewFeedError.badDate(index: index) }
            if index > 0, entry.date > decoded[index - 1].date { throw WhatsNewFeedError.notNewestFirst(index: index) }
            guard !entry.title.isEmpty, entry.title.count <= 120, !entry.text.isEmpty else {
                throw WhatsNewFeedError.missingText(index: index)
            }
            guard !entry.links.isEmpty, entry.links.allSatisfy({ !$0.title.isEmpty && $0.path.hasPrefix("/docs/") }) else {
                throw WhatsNewFeedError.badLinks(index: index)
            }
        }
        entries = decoded
    }

    /// The newest entry's date; nil when there are none.
    public var newestDate: String? { entries.first?.date }

    /// Whether an entry is dated after the day of `seenAt` (an ISO-8601 time, nil: never opened).
    public func hasEntries(after seenAt: String?) -> Bool {
        guard let newest = newestDate else { return false }
        guard let seenAt else { return true }
        return newest > String(seenAt.prefix(10))
    }

    /// `YYYY-MM-DD` with a month 01-12 and a day 01-31.
    static func isISODate(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 45, b[7] == 45 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ (48...57).contains(b[$0]) }) else { return false }
        let month = Int(b[5] - 48) * 10 + Int(b[6] - 48)
        let day = Int(b[8] - 48) * 10 + Int(b[9] - 48)
        return (1...12).contains(month) && (1...31).contains(day)
    }
}

/// Why the What's new file was refused; `index` is the entry's position, from 0.
public enum WhatsNewFeedError: Error, Equatable {
    case notJSON
    case badDate(index: Int)
    case notNewestFirst(index: Int)
    case missingText(index: Int)
    case badLinks(index: Int)
}
