import Foundation
import HubRuntime

/// The daily rating observations: after the ranks, one lookup for every app and country whose
/// ratings are followed (tracked keywords, or asked for in the last 30 days) and not yet
/// observed today, paced like the searches, so `get_ratings` has a history of its own.
extension ASORankCollector {
    /// How many (app, country) pairs got today's observation.
    func recordRatings() throws -> Int {
        var recorded = 0
        var consecutiveFailures = 0
        for (appStoreId, country) in try store.ratingsDue() {
            pacer.beforeCall()
            do {
                if let app = try client.lookup(id: appStoreId, country: country) {
                    try store.saveListing(app, country: country)
                    recorded += 1
                }
                consecutiveFailures = 0
            } catch let error as ASOProviderError {
                logger.warn("aso-ranks rating lookup failed", ["country": country, "error": String(describing: error)])
                consecutiveFailures += 1
                if consecutiveFailures >= ASORankCollector.maximumConsecutiveFailures { break }
            }
        }
        return recorded
    }
}
