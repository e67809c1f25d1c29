import Foundation
import HubRuntime

/// The `aso-ranks` job: for every tracked (term, country), today's observation from the shared
/// cache or, on a miss, from the provider (paced, with back-off), then each tracking app's rank.
/// Collection uses no organization's Explorer quota.
public final class ASORankCollector: @unchecked Sendable {
    /// Attempts per term when the provider throttles or fails.
    static let attempts = 3
    /// Consecutive terms the provider failed after all attempts before the pass stops early;
    /// the rest waits for the next pass instead of hammering a provider that is down.
    static let maximumConsecutiveFailures = 5

    let store: ASOStore
    let client: ITunesSearchClient
    let clock: Clock
    let logger: Logger
    let pacer: ASOPacer

    init(store: ASOStore, client: ITunesSearchClient, clock: Clock, logger: Logger, pacer: ASOPacer) {
        self.store = store
        self.client = client
        self.clock = clock
        self.logger = logger
        self.pacer = pacer
    }

    public convenience init(store: ASOStore, client: ITunesSearchClient, clock: Clock, logger: Logger, callsPerMinute: Int) {
        self.init(store: store, client: client, clock: clock, logger: logger, pacer: ASOPacer(callsPerMinute: callsPerMinute))
    }

    /// One pass; returns how many tracked keywords got today's rank (or "not ranked").
    public func runPass() throws -> Int {
        let terms = try store.trackedTerms()
        var processed = 0
        var fetched = 0
        var failed = 0
        var consecutiveFailures = 0
        for (term, country) in terms {
            let day = ASOStore.day(clock.now())
            var stamp = try store.observationStamp(term: term, country: country, day: day, source: ITunesSearchClient.source)
            if stamp == nil {
                guard let apps = fetch(term: term, country: country) else {
                    failed += 1
                    consecutiveFailures += 1
                    if consecutiveFailures >= ASORankCollector.maximumConsecutiveFailures {
                        logger.warn("aso-ranks stopped early: provider failing", ["remaining": terms.count - fetched - failed])
                        break
                    }
                    continue
                }
                consecutiveFailures = 0
                fetched += 1
                let saved = try store.saveObservation(term: term, country: country, source: ITunesSearchClient.source, apps: apps)
                stamp = (saved.id, saved.observedAt)
            }
            processed += try store.recordRanks(
                observationId: stamp!.id, term: term, country: country, day: day,
                observedAt: stamp!.observedAt)
        }
        let ratings = try recordRatings()
        logger.info(
            "aso-ranks pass", ["terms": terms.count, "fetched": fetched, "failed": failed, "keywords": processed, "ratings": ratings])
        return processed
    }

    private func fetch(term: String, country: String) -> [ITunesApp]? {
        for attempt in 1...ASORankCollector.attempts {
            pacer.beforeCall()
            do {
                return try client.search(term: term, country: country)
            } catch let error as ASOProviderError {
                logger.warn("aso-ranks provider failed", ["country": country, "attempt": attempt, "error": String(describing: error)])
                guard attempt < ASORankCollector.attempts else { return nil }
                if case .rateLimited(let seconds) = error {
                    pacer.backOff(attempt: attempt, retryAfter: seconds)
                } else {
                    pacer.backOff(attempt: attempt, retryAfter: nil)
                }
            } catch {
                return nil
            }
        }
        return nil
    }
}
