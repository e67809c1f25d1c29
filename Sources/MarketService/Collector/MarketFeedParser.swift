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
        guard let root = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { throw Failure.notJSON }
        guard let feed = root["feed"] as? [String: Any] else { throw Failure.noFeed }
        let raw: [[String: Any]]
        switch feed["entry"] {
        case let list as [[String: Any]]: raw = list
        case let one as [String: Any]: raw = [one]
        default: return Parsed(entries: [], invalidEntries: 0, hadEntries: false)
        }
        var entries: [MarketFeedEntry] = []
        entries.reserveCapacity(raw.count)
        var invalid = 0
        for item in raw {
            if let entry = entry(item) { entries.append(entry) } else { invalid += 1 }
        }
        return Parsed(entries: entries, invalidEntries: invalid, hadEntries: true)
    }

    static func entry(_ item: [String: Any]) -> MarketFeedEntry? {
        let idAttributes = attributes(item["id"])
        guard let adamId = idAttributes["im:id"] as? String, isNumeric(adamId),
              let name = label(item["im:name"]), !name.isEmpty else { return nil }
        let artist = item["im:artist"]
        let category = attributes(item["category"])
        let price = attributes(item["im:price"])
        let images = item["im:image"] as? [[String: Any]] ?? []
        return MarketFeedEntry(
            adamId: adamId,
            name: name,
            bundleId: idAttributes["im:bundleId"] as? String,
            developerName: label(artist),
            developerId: (attributes(artist)["href"] as? String).flatMap(developerId(fromURL:)),
            genreId: category["im:id"] as? String,
            genreName: (category["label"] as? String) ?? (category["term"] as? String),
            price: (price["amount"] as? String).flatMap(Double.init),
            currency: price["currency"] as? String,
            releaseDate: label(item["im:releaseDate"]),
            iconUrl: images.last.flatMap { $0["label"] as? String },
            storeUrl: alternateLink(item["link"]),
            summary: label(item["summary"]))
    }

    static func label(_ value: Any?) -> String? {
        guard let text = (value as? [String: Any])?["label"] as? String else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func attributes(_ value: Any?) -> [String: Any] {
        (value as? [String: Any])?["attributes"] as? [String: Any] ?? [:]
    }

    /// The `alternate` (or first) link's href, whether `link` is one object or several.
    static func alternateLink(_ value: Any?) -> String? {
        let links: [[String: Any]]
        switch value {
        case let list as [[String: Any]]: links = list
        case let one as [String: Any]: links = [one]
        default: return nil
        }
        let hrefs = links.map(attributes)
        let alternate = hrefs.first { ($0["rel"] as? String) == "alternate" } ?? hrefs.first
        return alternate?["href"] as? String
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
