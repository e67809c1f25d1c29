import Foundation

/// `Tests/Fixtures/fake_itunes_search.py` as a child process: the iTunes Search and Lookup
/// API on loopback, scripted per term and country, with the request log the tests read.
final class ASOFakeITunes {
    private let control: FakeControl

    var baseURL: String { control.baseURL }

    init(results: Int = 10) throws {
        control = try FakeControl(script: "fake_itunes_search.py", arguments: ["--results", String(results)])
    }

    func stop() { control.stop() }

    /// Scripts the answer to `/search` for a term (`*` for any) and country.
    func script(
        term: String = "*", country: String = "*", status: Int = 200, retryAfter: Int? = nil, delayMs: Int = 0,
        body: String? = nil, results: [[String: Any]]? = nil, times: Int? = nil
    ) throws {
        var payload: [String: Any] = ["term": term, "country": country, "status": status, "delayMs": delayMs]
        if let retryAfter { payload["retryAfter"] = retryAfter }
        if let body { payload["body"] = body }
        if let results { payload["results"] = results }
        if let times { payload["times"] = times }
        try control.post("/_control/script", payload)
    }

    func lookup(id: String, app: [String: Any]) throws { try control.post("/_control/lookup", ["id": id, "app": app]) }

    func reset() throws { try control.post("/_control/reset", [:]) }

    /// Every provider request so far, oldest first.
    func log() throws -> [[String: String]] {
        let object = try control.get("/_control/log") as? [String: Any]
        return (object?["requests"] as? [[String: Any]] ?? []).map { entry in
            entry.compactMapValues { $0 as? String }
        }
    }

    /// `/search` requests so far.
    func searches() throws -> [[String: String]] { try log().filter { $0["path"] == "/search" } }

    /// A fixed app in the provider's shape.
    static func app(
        _ id: Int64, _ name: String?, ratingCount: Int? = 1_000, rating: Double? = 4.5,
        updated: String? = "2026-11-01T08:00:00Z", released: String? = "2019-03-01T08:00:00Z",
        price: Double? = 0, formattedPrice: String? = "Free"
    ) -> [String: Any] {
        var app: [String: Any] = [
            "trackId": id, "sellerName": "Seller \(id)", "bundleId": "com.example.\(id)", "currency": "USD",
            "trackViewUrl": "https://apps.apple.com/us/app/id\(id)", "artistId": id + 7,
        ]
        if let name { app["trackName"] = name }
        if let ratingCount { app["userRatingCount"] = ratingCount }
        if let rating { app["averageUserRating"] = rating }
        if let updated { app["currentVersionReleaseDate"] = updated }
        if let released { app["releaseDate"] = released }
        if let price { app["price"] = price }
        if let formattedPrice { app["formattedPrice"] = formattedPrice }
        return app
    }
}
