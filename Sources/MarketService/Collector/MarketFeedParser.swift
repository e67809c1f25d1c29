import Foundation

/// Reads the store's legacy RSS JSON chart feed (`/{cc}/rss/{chart}/limit=N/json`) and its
/// quirks: `feed.entry` is an array, a lone object when the chart has one app, or absent when
/// it has none; `link` is an object or an array of objects; every value sits in `label` or
/// `attributes`.
enum MarketFeedParser {
    struct Parsed {
        var entries: [MarketFeedEntry]
        /// Entries without an `im:id` or a name, which are skipped.
        var invalidEntries: Int
        /// Whether the feed had an `entry` key at all.
        var hadEntries: Bool
    }

    enum Failure: Error, Equatable {
        case notJSON
        case noFeed
    }

    static func parse(_ body: [UInt8]) throws -> Parsed {
        guard let document = try? JSONDecoder().decode(MarketFeedDocument.self, from: Data(body)) else { throw Failure.notJSON }
        guard let feed = document.feed else { throw Failure.noFeed }
        guard feed.hasEntry, let raw = feed.entry?.all else { return Parsed(entries: [], invalidEntries: 0, hadEntries: feed.hasEntry) }
        var entries: [MarketFeedEntry] = []
        entries.reserveCapacity(raw.count)
        var invalid = 0
        for item in raw {
            if let value = item.value, let entry = entry(value) { entries.append(entry) } else { invalid += 1 }
        }
        return Parsed(entries: entries, invalidEntries: invalid, hadEntries: true)
    }

    static func entry(_ item: MarketFeedDocument.Entry) -> MarketFeedEntry? {
        let ids = item.id?.attributes ?? [:]
        guard let adamId = ids["im:id"], isNumeric(adamId),
            let name = trimmed(item.name)
        else { return nil }
        let category = item.category?.attributes ?? [:]
        let price = item.price?.attributes ?? [:]
        let alternate = item.links.first { $0.attributes["rel"] == "alternate" } ?? item.links.first
        return MarketFeedEntry(
            adamId: adamId,
            name: name,
            bundleId: ids["im:bundleId"],
            developerName: trimmed(item.artist?.label),
            developerId: item.artist?.attributes["href"].flatMap(developerId(fromURL:)),
            genreId: category["im:id"],
            genreName: category["label"] ?? category["term"],
            price: price["amount"].flatMap(Double.init),
            currency: price["currency"],
            releaseDate: trimmed(item.releaseDate),
            iconUrl: item.images?.last?.value?.label,
            storeUrl: alternate?.attributes["href"],
            summary: trimmed(item.summary))
    }

    static func trimmed(_ text: String?) -> String? {
        guard let text else { return nil }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// `https://apps.apple.com/us/developer/name/id284882218?uo=2` → `284882218`.
    static func developerId(fromURL url: String) -> String? {
        guard let range = url.range(of: "/id") else { return nil }
        let digits = url[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }

    static func isNumeric(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 20 && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
