import Foundation

/// One app as the store's `/lookup` describes it (`results[]`); absent fields stay nil.
struct MarketLookupResult: Equatable, Sendable {
    var adamId: String
    var bundleId: String?
    var developerName: String?
    var developerId: String?
    var genreId: String?
    var genreName: String?
    var price: Double?
    var currency: String?
    var releaseDate: String?
    var description: String?
    var version: String?
    var sizeBytes: Int?
    var contentRating: String?
    var minimumOS: String?
    var websiteUrl: String?
    var rating: Double?
    var ratingCount: Int?
    var storeUrl: String?
    var iconUrl: String?

    /// The `results` of a lookup body; entries without a `trackId` are skipped.
    static func parse(_ body: [UInt8]) -> [MarketLookupResult]? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let results = root["results"] as? [[String: Any]]
        else { return nil }
        return results.compactMap { r in
            guard let id = number(r["trackId"]).map({ String(Int64($0)) }) else { return nil }
            return MarketLookupResult(
                adamId: id,
                bundleId: r["bundleId"] as? String,
                developerName: r["artistName"] as? String,
                developerId: number(r["artistId"]).map { String(Int64($0)) },
                genreId: (r["primaryGenreId"] as? NSNumber).map { $0.stringValue },
                genreName: r["primaryGenreName"] as? String,
                price: number(r["price"]),
                currency: r["currency"] as? String,
                releaseDate: r["releaseDate"] as? String,
                description: r["description"] as? String,
                version: r["version"] as? String,
                sizeBytes: (r["fileSizeBytes"] as? String).flatMap { Int($0) } ?? number(r["fileSizeBytes"]).map { Int($0) },
                contentRating: (r["trackContentRating"] as? String) ?? (r["contentAdvisoryRating"] as? String),
                minimumOS: r["minimumOsVersion"] as? String,
                websiteUrl: r["sellerUrl"] as? String,
                rating: number(r["averageUserRating"]),
                ratingCount: number(r["userRatingCount"]).map { Int($0) },
                storeUrl: r["trackViewUrl"] as? String,
                iconUrl: r["artworkUrl512"] as? String ?? r["artworkUrl100"] as? String)
        }
    }

    private static func number(_ value: Any?) -> Double? {
        return (value as? NSNumber)?.doubleValue
    }
}
