import Foundation
import HubMessaging
import HubRuntime

/// Candidate terms for a project's app, each with its evidence, and the competitors observed
/// above it. Candidates are suggestions from text the app and its neighbours publish, not
/// search-volume measurements.
final class ASOCandidateFinder: @unchecked Sendable {
    /// Candidates per answer, and evidence items kept per candidate.
    static let maximumCandidates = 50
    static let maximumEvidence = 5
    /// A description word or pair needs this many occurrences to count.
    static let descriptionMinimum = 2
    /// Characters of the description read.
    static let descriptionPrefix = 4_000
    /// Apps around the project's app whose titles are read, per stored search.
    static let neighbourTitles = 10
    static let maximumCompetitors = 50

    let store: ASOStore
    let client: ITunesSearchClient
    let logger: Logger

    init(store: ASOStore, client: ITunesSearchClient, logger: Logger) {
        self.store = store
        self.client = client
        self.logger = logger
    }

    /// Fetches the listing (once per app, country and UTC day) when needed: run off the RPC thread.
    func candidates(_ request: ASOCandidates.Request) throws -> ASOCandidates.Response {
        try ASOStore.requireAccess(request.project)
        let country = try ASOStore.country(request.country)
        guard let appStoreId = request.project.appStoreId else {
            throw RPCError(
                code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId: candidates come from that app's listing and searches.", status: 409)
        }
        var collector = Collector(excluded: try store.trackedTerms(projectId: request.project.projectId, country: country))
        let (listing, status) = self.listing(appStoreId: appStoreId, country: country)
        if let listing {
            for phrase in Self.phrases(listing.trackName ?? "") {
                collector.add(phrase, ASOEvidence(source: .listingTitle, appName: listing.trackName))
            }
            var counts: [String: Int] = [:]
            for phrase in Self.phrases(String((listing.description ?? "").prefix(Self.descriptionPrefix)), distinct: false) {
                counts[phrase, default: 0] += 1
            }
            for (phrase, count) in counts where count >= Self.descriptionMinimum {
                collector.add(phrase, ASOEvidence(source: .listingDescription, count: count))
            }
        }
        for (observation, rank) in try store.searchesReturning(appStoreId: appStoreId, country: country) {
            collector.add(
                observation.term,
                ASOEvidence(
                    source: .search, term: observation.term, rank: rank,
                    observedAt: observation.observedAt))
            for (index, app) in observation.apps.prefix(Self.neighbourTitles).enumerated() where String(app.trackId) != appStoreId {
                for phrase in Self.phrases(app.trackName ?? "") {
                    collector.add(
                        phrase,
                        ASOEvidence(
                            source: .competitorTitle, term: observation.term, rank: index + 1,
                            adamId: String(app.trackId), appName: app.trackName,
                            observedAt: observation.observedAt))
                }
            }
        }
        return ASOCandidates.Response(listing: status, items: collector.ranked())
    }

    func competitors(_ request: ASOCompetitorsAhead.Request) throws -> ASOCompetitorsAhead.Response {
        try ASOStore.requireAccess(request.project)
        let country = try request.country.map { try ASOStore.country($0) }
        var byApp: [String: ASOCompetitor] = [:]
        var bestRank: [String: Int] = [:]
        for entry in try store.latestObservations(projectId: request.project.projectId, country: country) {
            // Not ranked: every returned app is above it; the top ten stand for them.
            let above = entry.rank.map { entry.observation.apps.prefix($0 - 1) } ?? entry.observation.apps.prefix(Self.neighbourTitles)
            for (index, app) in above.enumerated() where String(app.trackId) != request.project.appStoreId {
                let id = String(app.trackId)
                let keyword = ASOCompetitor.Keyword(
                    keywordId: entry.keywordId, term: entry.term, country: entry.country,
                    theirRank: index + 1, yourRank: entry.rank)
                byApp[id, default: ASOCompetitor(adamId: id, name: app.trackName, sellerName: app.sellerName, keywords: [])]
                    .keywords.append(keyword)
                bestRank[id] = min(bestRank[id] ?? Int.max, index + 1)
            }
        }
        let items = byApp.values.sorted { a, b in
            a.keywords.count != b.keywords.count
                ? a.keywords.count > b.keywords.count
                : bestRank[a.adamId]! != bestRank[b.adamId]! ? bestRank[a.adamId]! < bestRank[b.adamId]! : a.adamId < b.adamId
        }
        return ASOCompetitorsAhead.Response(items: Array(items.prefix(Self.maximumCompetitors)))
    }

    /// The app's listing of the day: cached, else looked up (and cached, its rating recorded);
    /// `not_found` or `unavailable` when there is none.
    func listing(appStoreId: String, country: String) -> (ITunesApp?, String) {
        do {
            if let cached = try store.listing(appStoreId: appStoreId, country: country) { return (cached, "ok") }
            guard let app = try client.lookup(id: appStoreId, country: country) else { return (nil, "not_found") }
            try store.saveListing(app, country: country)
            return (app, "ok")
        } catch {
            logger.warn("aso listing lookup failed", ["country": country, "error": String(describing: error)])
            return (nil, "unavailable")
        }
    }

    /// Content words and adjacent content-word pairs of a text, once each unless `distinct` is false.
    static func phrases(_ text: String, distinct: Bool = true) -> [String] {
        let words = ASOText.words(text)
        var out: [String] = []
        var seen = Set<String>()
        for (i, word) in words.enumerated() where ASOText.isContentWord(word) {
            var found = [word]
            if i + 1 < words.count, ASOText.isContentWord(words[i + 1]) { found.append(word + " " + words[i + 1]) }
            for phrase in found where !distinct || seen.insert(phrase).inserted { out.append(phrase) }
        }
        return out
    }

    /// Evidence per normalized term, tracked terms left out, most evidenced first.
    struct Collector {
        let excluded: Set<String>
        var evidence: [String: [ASOEvidence]] = [:]
        var order: [String] = []

        init(excluded: Set<String>) { self.excluded = excluded }

        mutating func add(_ raw: String, _ item: ASOEvidence) {
            let term = ASOTerm.normalize(raw)
            guard !term.isEmpty, ASOTerm.problem(term) == nil, !excluded.contains(term) else { return }
            if evidence[term] == nil { order.append(term) }
            evidence[term, default: []].append(item)
        }

        func ranked() -> [ASOCandidate] {
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            return order.sorted { a, b in
                let (ca, cb) = (evidence[a]!.count, evidence[b]!.count)
                return ca != cb ? ca > cb : position[a]! < position[b]!
            }.prefix(ASOCandidateFinder.maximumCandidates).map {
                ASOCandidate(term: $0, evidence: Array(evidence[$0]!.prefix(ASOCandidateFinder.maximumEvidence)))
            }
        }
    }
}
