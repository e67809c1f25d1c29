import Foundation
import HubMessaging
import HubRuntime

/// `aso.ratings`: an app's public rating per App Store country. Today's value comes from the
/// day's stored observation or, the first time that day, from the listing lookup the candidates
/// use (on the explorer's queue, with its client); earlier days are what was observed then.
final class ASORatings: @unchecked Sendable {
    let store: ASOStore
    let candidates: ASOCandidateFinder
    let clock: Clock

    init(store: ASOStore, candidates: ASOCandidateFinder, clock: Clock) {
        self.store = store
        self.candidates = candidates
        self.clock = clock
    }

    /// May call the provider: run off the RPC thread.
    func ratings(_ request: ASORatingsGet.Request) throws -> ASORatingsGet.Response {
        guard !request.appStoreId.isEmpty, request.appStoreId.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw RPCError.asoInvalidPayload(["appStoreId": ["must be the numeric App Store ID"]])
        }
        guard (1...ASORatingsGet.maximumDays).contains(request.days) else {
            throw RPCError.asoInvalidPayload(["days": ["must be 1-\(ASORatingsGet.maximumDays)"]])
        }
        var countries: [String] = []
        for raw in request.countries {
            let country = try ASOStore.country(raw, field: "countries")
            if !countries.contains(country) { countries.append(country) }
        }
        if countries.isEmpty { countries = try store.ratingCountries(appStoreId: request.appStoreId) }
        if countries.isEmpty { countries = ["us"] }
        guard countries.count <= ASORatingsGet.maximumCountries else {
            throw RPCError.asoInvalidPayload(["countries": ["at most \(ASORatingsGet.maximumCountries)"]])
        }
        return ASORatingsGet.Response(
            items: try countries.map { try territory(appStoreId: request.appStoreId, country: $0, days: request.days) })
    }

    private func territory(appStoreId: String, country: String, days: Int) throws -> ASORatingsGet.Territory {
        let today = ASOStore.day(clock.now())
        var history = try store.ratings(appStoreId: appStoreId, country: country, days: days)
        if let current = history.first, current.day == today {
            return .init(country: country, status: .ok, current: current, history: history)
        }
        let (listing, outcome) = candidates.listing(appStoreId: appStoreId, country: country)
        guard let listing else {
            return .init(country: country, status: outcome == "not_found" ? .notFound : .unavailable, current: nil, history: history)
        }
        // A listing cached earlier today may predate its rating's record.
        try store.recordRating(listing, country: country)
        history = try store.ratings(appStoreId: appStoreId, country: country, days: days)
        return .init(country: country, status: .ok, current: history.first { $0.day == today }, history: history)
    }
}
