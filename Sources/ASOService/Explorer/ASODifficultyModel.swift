import Foundation
import HubMessaging
import HubRuntime

/// The competition estimate of `docs/aso-difficulty.md`, computed from stored result details.
/// Each factor is measured only over the apps that have the field it needs; a factor with too
/// little coverage is dropped (the estimate becomes provisional) or, for the two core factors,
/// makes the estimate unavailable. Missing values are never read as zeros.
enum ASODifficultyModel {
    /// Apps of the top of the ranking the per-app factors look at.
    static let sampleSize = 10
    /// Below this many sampled apps the estimate is provisional.
    static let confidentSample = 5
    /// A factor measured on fewer than this share of the sample is not measured.
    static let minimumCoverage = 0.5
    /// Ratings at which the rating-volume factor saturates.
    static let saturatingRatings = 1_000_000.0
    /// Apps with the term in their title at which the competitor factor saturates.
    static let saturatingCompetitors = 25.0

    struct Factor {
        let name: String
        let weight: Double
        let value: Double?
        let coverage: Double
        let core: Bool
    }

    static func assess(term: String, apps: [ITunesApp], earlier: ASOObservation?, observedAt: Date) -> ASODifficulty {
        guard !apps.isEmpty else {
            // Nothing competes in the returned set, but an empty answer is thin evidence.
            return ASODifficulty(score: 0, label: .low, provisional: true)
        }
        let factors = self.factors(term: term, apps: apps, observedAt: observedAt)
        if factors.contains(where: { $0.core && ($0.value == nil || $0.coverage < minimumCoverage) }) {
            return .unavailable
        }
        let usable = factors.filter { $0.value != nil && $0.coverage >= minimumCoverage }
        let weight = usable.reduce(0) { $0 + $1.weight }
        var score = usable.reduce(0) { $0 + $1.weight * $1.value! } / weight * 100
        if let entrenchment = entrenchment(apps: apps, earlier: earlier) {
            score *= 0.9 + 0.2 * entrenchment
        }
        let rounded = Int(min(100, max(0, score)).rounded())
        let provisional =
            usable.count < factors.count || factors.contains { $0.coverage < 1 }
            || min(apps.count, sampleSize) < confidentSample
        return ASODifficulty(score: rounded, label: label(rounded), provisional: provisional)
    }

    static func label(_ score: Int) -> ASODifficulty.Label {
        score <= 33 ? .low : score <= 66 ? .medium : .high
    }

    static func factors(term: String, apps: [ITunesApp], observedAt: Date) -> [Factor] {
        let termWords = ASOText.words(term)
        let sample = Array(apps.prefix(sampleSize))
        let n = Double(sample.count)

        let titled = sample.compactMap(\.trackName)
        let titleMatch =
            titled.isEmpty
            ? nil
            : Double(titled.filter { ASOText.contains(ASOText.words($0), all: termWords) }.count) / Double(titled.count)

        let counts = sample.compactMap(\.userRatingCount)
        let volume =
            counts.isEmpty
            ? nil
            : counts.map { min(1, log10(1 + Double(max(0, $0))) / log10(1 + saturatingRatings)) }.reduce(0, +) / Double(counts.count)

        // An app with no ratings has no average to weigh; it is known, not missing.
        let measured = sample.filter { $0.userRatingCount == 0 || ($0.averageUserRating != nil && $0.userRatingCount != nil) }
        let rated = measured.compactMap { app -> Double? in
            guard let count = app.userRatingCount, count > 0, let rating = app.averageUserRating else { return nil }
            return min(5, max(0, rating)) / 5
        }
        let quality: Double? = measured.isEmpty ? nil : rated.isEmpty ? 0 : rated.reduce(0, +) / Double(rated.count)

        let updates = sample.compactMap { $0.currentVersionReleaseDate.flatMap(ISOTime.parse) }
        let freshness =
            updates.isEmpty
            ? nil
            : updates.map { date -> Double in
                let age = observedAt.timeIntervalSince(date) / 86_400
                return age <= 180 ? 1 : age <= 365 ? 0.5 : 0
            }.reduce(0, +) / Double(updates.count)

        let allTitled = apps.compactMap(\.trackName)
        let competitors =
            allTitled.isEmpty
            ? nil
            : min(1, Double(allTitled.filter { ASOText.contains(ASOText.words($0), all: termWords) }.count) / saturatingCompetitors)

        return [
            Factor(name: "titleMatch", weight: 0.30, value: titleMatch, coverage: Double(titled.count) / n, core: true),
            Factor(name: "ratingVolume", weight: 0.30, value: volume, coverage: Double(counts.count) / n, core: true),
            Factor(name: "ratingQuality", weight: 0.15, value: quality, coverage: Double(measured.count) / n, core: false),
            Factor(name: "freshness", weight: 0.15, value: freshness, coverage: Double(updates.count) / n, core: false),
            Factor(
                name: "competitors", weight: 0.10, value: competitors,
                coverage: Double(allTitled.count) / Double(apps.count), core: false),
        ]
    }

    /// Share of today's top apps already in the top of the most recent earlier observation: a
    /// stable top is harder to enter. nil without an earlier observation.
    static func entrenchment(apps: [ITunesApp], earlier: ASOObservation?) -> Double? {
        guard let earlier, !earlier.apps.isEmpty else { return nil }
        let now = Set(apps.prefix(sampleSize).map(\.trackId))
        let before = Set(earlier.apps.prefix(sampleSize).map(\.trackId))
        let size = min(now.count, before.count)
        guard size > 0 else { return nil }
        return Double(now.intersection(before).count) / Double(size)
    }
}
