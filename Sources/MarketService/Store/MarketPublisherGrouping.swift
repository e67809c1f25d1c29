import Foundation
import HubMessaging

/// Groups catalog apps into studios and computes their aggregates by the rules of docs/market.md
/// ("Estimates, profiles and publishers"): developer ID when known, else a normalized developer
/// name; apps without a developer name are left out; totals only when every app has the value; no
/// country sums.
enum MarketPublisherGrouping {
    /// One app's inputs to the aggregates.
    struct Member {
        var adamId: String
        var slug: String
        var name: String
        var developerName: String
        var developerId: String?
        var genreId: String?
        var genreName: String?
        var releaseDay: String?
        var rating: Double?
        var ratingCount: Int?
        /// Latest worldwide monthly estimates, and the previous download figure of the same source.
        var revenue: Double?
        var downloads: Double?
        var previousDownloads: Double?
    }

    struct Group {
        var publisher: MarketPublisher
        var members: [Member]
    }

    static let corporateSuffixes: Set<String> = [
        "inc", "llc", "ltd", "limited", "gmbh", "corp", "corporation", "co", "sa", "sl",
        "srl", "bv", "ab", "oy", "as", "pty", "plc", "kk",
    ]

    /// `Acme Games, Inc.` → `acme games`.
    static func normalizedName(_ name: String) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            cleaned.append(CharacterSet.alphanumerics.contains(scalar) ? scalar : " ")
        }
        var words: [String] = String(cleaned).split(separator: " ").map(String.init)
        while words.count > 1, let last = words.last, corporateSuffixes.contains(last) { words.removeLast() }
        return words.joined(separator: " ")
    }

    static func key(_ m: Member) -> String {
        if let id = m.developerId, !id.isEmpty { return "id-" + id }
        return "name-" + normalizedName(m.developerName).replacingOccurrences(of: " ", with: "-")
    }

    static func groups(_ members: [Member], today: String) -> [Group] {
        let since90 = MarketDay.adding(-89, to: today)!
        let since365 = MarketDay.adding(-364, to: today)!
        var byKey: [String: [Member]] = [:]
        for m in members where !normalizedName(m.developerName).isEmpty { byKey[key(m), default: []].append(m) }
        return byKey.map { key, apps in
            let names = Dictionary(apps.map { ($0.developerName, 1) }, uniquingKeysWith: +)
            let name = names.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            var p = MarketPublisher(
                key: key, name: name, developerId: apps.first { $0.developerId != nil }?.developerId, appCount: apps.count)
            let genres = Dictionary(apps.compactMap { a in a.genreId.map { ($0, 1) } }, uniquingKeysWith: +)
            if let main = genres.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key {
                p.mainGenreId = main
                p.mainGenre = apps.first { $0.genreId == main }?.genreName
            }
            p.launchesLast90Days = apps.filter { ($0.releaseDay ?? "") >= since90 }.count
            p.launchesLast365Days = apps.filter { ($0.releaseDay ?? "") >= since365 }.count
            p.isNew = apps.allSatisfy { ($0.releaseDay ?? "") >= since90 }
            let revenues = apps.map(\.revenue)
            let downloads = apps.map(\.downloads)
            p.revenue = revenues.contains(nil) ? nil : revenues.compactMap { $0 }.reduce(0, +)
            p.downloads = downloads.contains(nil) ? nil : downloads.compactMap { $0 }.reduce(0, +)
            p.appsMakingMoney = revenues.filter { ($0 ?? 0) > 0 }.count
            let previous = apps.map(\.previousDownloads)
            if let now = p.downloads, !previous.contains(nil) {
                let before = previous.compactMap { $0 }.reduce(0, +)
                if before > 0 { p.growthPercent = ((now - before) / before * 1000).rounded() / 10 }
            }
            p.rating = rating(apps)
            if let top = apps.max(by: {
                ($0.revenue ?? -1, $0.downloads ?? -1, $1.adamId) < ($1.revenue ?? -1, $1.downloads ?? -1, $0.adamId)
            }) {
                p.topApp = .init(adamId: top.adamId, slug: top.slug, name: top.name)
            }
            return Group(publisher: p, members: apps.sorted { $0.adamId < $1.adamId })
        }
    }

    /// Weighted by rating counts when all are known, else by estimated downloads when all
    /// are known; otherwise unavailable.
    static func rating(_ apps: [Member]) -> Double? {
        guard !apps.isEmpty, apps.allSatisfy({ $0.rating != nil }) else { return nil }
        func weighted(_ weight: (Member) -> Double?) -> Double? {
            let weights = apps.map(weight)
            guard !weights.contains(nil) else { return nil }
            let total = weights.compactMap { $0 }.reduce(0, +)
            guard total > 0 else { return nil }
            let sum = zip(apps, weights).map { $0.rating! * $1! }.reduce(0, +)
            return (sum / total * 100).rounded() / 100
        }
        return weighted { $0.ratingCount.map(Double.init) } ?? weighted { $0.downloads }
    }

    /// The studio as a limited plan sees it: estimates removed, then the top app chosen without them.
    static func limited(_ group: Group) -> MarketPublisher {
        var p = group.publisher
        p.revenue = nil
        p.downloads = nil
        p.appsMakingMoney = nil
        p.growthPercent = nil
        let hasCounts = group.members.allSatisfy { $0.ratingCount != nil }
        p.rating = hasCounts ? p.rating : nil
        if let top = group.members.max(by: { ($0.ratingCount ?? -1, $1.adamId) < ($1.ratingCount ?? -1, $0.adamId) }) {
            p.topApp = .init(adamId: top.adamId, slug: top.slug, name: top.name)
        }
        return p
    }
}
