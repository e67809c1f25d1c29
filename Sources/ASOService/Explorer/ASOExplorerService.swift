import Foundation
import HubMessaging
import HubRuntime

/// Keyword Explorer: a cache hit is answered on the caller's thread (a few SQLite reads); a miss
/// reserves one live search of the organization, then calls the provider on the explorer's own
/// serial queue, never on the RPC server's thread.
public final class ASOExplorerService: @unchecked Sendable {
    let store: ASOStore
    let client: ITunesSearchClient
    let clock: Clock
    let logger: Logger
    let queue = DispatchQueue(label: "aso-explorer")

    /// What an observation yields for every organization: results (none marked own yet),
    /// difficulty and related terms. Stored observations never change, and neither do the
    /// earlier ones difficulty reads, so this is computed once per observation.
    struct Derived {
        let source: String
        let observedAt: String
        let results: [ASOSearchResult]
        /// `results` rendered, for organizations none of whose apps is among them.
        let resultsJSON: String
        let difficulty: ASODifficulty
        let related: [String]
    }

    private let lock = NSLock()
    private var derived: [Int64: Derived] = [:]
    static let derivedCapacity = 1_024

    public init(store: ASOStore, client: ITunesSearchClient, clock: Clock, logger: Logger) {
        self.store = store
        self.client = client
        self.clock = clock
        self.logger = logger
    }

    /// The term normalized and the country checked, or 400 `INVALID_QUERY` / 403 `PLAN_REQUIRED`.
    static func validate(_ request: ASOExplorer.Request) throws -> (term: String, country: String) {
        guard request.plan.hasASOAccess else { throw RPCError.asoPlanRequired() }
        var problems: [String: [String]] = [:]
        if let problem = ASOTerm.problem(request.term) { problems["term"] = [problem] }
        let country = ASOStorefront.normalize(request.country)
        if country == nil { problems["country"] = ["must be a supported App Store country code, e.g. us"] }
        guard problems.isEmpty, let country else { throw RPCError.asoInvalidQuery(problems) }
        return (ASOTerm.normalize(request.term), country)
    }

    /// Today's cached answer, using no quota, or nil on a miss.
    public func cached(_ request: ASOExplorer.Request) throws -> ASOExplorer.Response? {
        let (term, country) = try Self.validate(request)
        let day = ASOStore.day(clock.now())
        guard let id = try store.observationId(term: term, country: country, day: day, source: ITunesSearchClient.source) else {
            return nil
        }
        let quota = try store.quota(organizationId: request.organizationId)
        if let known = lock.withLock({ derived[id] }) { return response(known, request: request, cached: true, quota: quota) }
        guard let observation = try store.observation(id: id) else { return nil }
        return try response(observation, request: request, cached: true, quota: quota)
    }

    /// A live search: rechecks the cache (another request may have filled it), reserves quota,
    /// calls the provider. A provider failure keeps the reservation and throws its error.
    public func live(_ request: ASOExplorer.Request) throws -> ASOExplorer.Response {
        if let hit = try cached(request) { return hit }
        let (term, country) = try Self.validate(request)
        let quota = try store.reserveSearch(organizationId: request.organizationId)
        let apps: [ITunesApp]
        do {
            apps = try client.search(term: term, country: country)
        } catch let error as ASOProviderError {
            logger.warn("aso provider failed", ["country": country, "error": String(describing: error)])
            throw error.rpcError
        }
        let observation = try store.saveObservation(term: term, country: country, source: ITunesSearchClient.source, apps: apps)
        return try response(observation, request: request, cached: false, quota: quota)
    }

    /// Answers through `reply`: at once from the cache, else later from the explorer queue.
    public func answer(_ request: ASOExplorer.Request, reply: @escaping (Result<ASOExplorer.Response, RPCError>) -> Void) throws {
        if let hit = try cached(request) {
            reply(.success(hit))
            return
        }
        queue.async { [self] in
            do {
                reply(.success(try live(request)))
            } catch let error as RPCError {
                reply(.failure(error))
            } catch {
                logger.error("aso explorer failed", ["error": String(describing: error)])
                reply(.failure(.internal()))
            }
        }
    }

    func response(_ observation: ASOObservation, request: ASOExplorer.Request, cached: Bool, quota: ASOQuota) throws
        -> ASOExplorer.Response
    {
        let results = observation.apps.enumerated().map { index, app in
            ASOSearchResult(
                rank: index + 1, adamId: String(app.trackId), name: app.trackName, sellerName: app.sellerName,
                bundleId: app.bundleId, rating: app.averageUserRating, ratingCount: app.userRatingCount,
                releaseDate: app.releaseDate, updatedAt: app.currentVersionReleaseDate, price: app.price,
                formattedPrice: app.formattedPrice, currency: app.currency, url: app.trackViewUrl, own: false)
        }
        let earlier = try store.earlierObservation(
            term: observation.term, country: observation.country,
            before: observation.day, source: observation.source)
        let observedAt = ISOTime.parse(observation.observedAt) ?? clock.now()
        let difficulty = ASODifficultyModel.assess(
            term: observation.term, apps: observation.apps, earlier: earlier,
            observedAt: observedAt)
        let related = ASORelatedTerms.extract(term: observation.term, titles: observation.apps.compactMap(\.trackName))
        let known = Derived(
            source: observation.source, observedAt: observation.observedAt, results: results,
            resultsJSON: ASOSearchResult.jsonArray(results), difficulty: difficulty, related: related)
        lock.withLock {
            if derived.count >= Self.derivedCapacity { derived.removeAll(keepingCapacity: true) }
            derived[observation.id] = known
        }
        return response(known, request: request, cached: cached, quota: quota)
    }

    private func response(_ known: Derived, request: ASOExplorer.Request, cached: Bool, quota: ASOQuota) -> ASOExplorer.Response {
        var json = known.resultsJSON
        let own = Set(request.ownAppStoreIds)
        if !own.isEmpty, known.results.contains(where: { own.contains($0.adamId) }) {
            var results = known.results
            for i in results.indices where own.contains(results[i].adamId) { results[i].own = true }
            json = ASOSearchResult.jsonArray(results)
        }
        return ASOExplorer.Response(
            source: known.source, observedAt: known.observedAt, cached: cached, resultsJSON: json,
            difficulty: known.difficulty, related: known.related, quota: quota)
    }
}
