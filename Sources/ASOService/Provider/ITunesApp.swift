import Foundation

/// One app as the iTunes Search and Lookup APIs describe it, with the field names they use.
/// Decoding is lenient per field: a field of an unexpected type is treated as missing rather
/// than failing the whole response, and is stored as missing (never as zero).
public struct ITunesApp: Codable, Equatable, Sendable {
    public var trackId: Int64
    public var trackName: String?
    public var sellerName: String?
    public var artistId: Int64?
    public var artistName: String?
    public var bundleId: String?
    public var averageUserRating: Double?
    public var userRatingCount: Int?
    public var releaseDate: String?
    public var currentVersionReleaseDate: String?
    public var price: Double?
    public var formattedPrice: String?
    public var currency: String?
    public var trackViewUrl: String?
    public var primaryGenreName: String?
    /// Only kept for an app's own listing (candidates); search observations drop it.
    public var description: String?

    public init(
        trackId: Int64, trackName: String? = nil, sellerName: String? = nil, artistId: Int64? = nil,
        artistName: String? = nil, bundleId: String? = nil, averageUserRating: Double? = nil,
        userRatingCount: Int? = nil, releaseDate: String? = nil, currentVersionReleaseDate: String? = nil,
        price: Double? = nil, formattedPrice: String? = nil, currency: String? = nil, trackViewUrl: String? = nil,
        primaryGenreName: String? = nil, description: String? = nil
    ) {
        self.trackId = trackId
        self.trackName = trackName
        self.sellerName = sellerName
        self.artistId = artistId
        self.artistName = artistName
        self.bundleId = bundleId
        self.averageUserRating = averageUserRating
        self.userRatingCount = userRatingCount
        self.releaseDate = releaseDate
        self.currentVersionReleaseDate = currentVersionReleaseDate
        self.price = price
        self.formattedPrice = formattedPrice
        self.currency = currency
        self.trackViewUrl = trackViewUrl
        self.primaryGenreName = primaryGenreName
        self.description = description
    }

    private enum CodingKeys: String, CodingKey {
        case trackId, trackName, sellerName, artistId, artistName, bundleId, averageUserRating, userRatingCount, releaseDate,
            currentVersionReleaseDate, price, formattedPrice, currency, trackViewUrl, primaryGenreName, description
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func number(_ key: CodingKeys) -> Double? { (try? c.decodeIfPresent(Double.self, forKey: key)) ?? nil }
        guard let id = (try? c.decodeIfPresent(Int64.self, forKey: .trackId)) ?? nil else {
            throw DecodingError.keyNotFound(CodingKeys.trackId, .init(codingPath: c.codingPath, debugDescription: "no trackId"))
        }
        trackId = id
        trackName = text(.trackName)
        sellerName = text(.sellerName)
        artistId = (try? c.decodeIfPresent(Int64.self, forKey: .artistId)) ?? nil
        artistName = text(.artistName)
        bundleId = text(.bundleId)
        averageUserRating = number(.averageUserRating)
        userRatingCount = (try? c.decodeIfPresent(Int.self, forKey: .userRatingCount)) ?? nil
        releaseDate = text(.releaseDate)
        currentVersionReleaseDate = text(.currentVersionReleaseDate)
        price = number(.price)
        formattedPrice = text(.formattedPrice)
        currency = text(.currency)
        trackViewUrl = text(.trackViewUrl)
        primaryGenreName = text(.primaryGenreName)
        description = text(.description)
    }
}

/// The envelope of `/search` and `/lookup` answers. Results without a `trackId` (other kinds
/// of item) are skipped, not fatal.
struct ITunesResponse: Decodable {
    let resultCount: Int
    let results: [ITunesApp]

    private enum CodingKeys: String, CodingKey { case resultCount, results }

    private struct Skipping: Decodable {
        let app: ITunesApp?
        init(from decoder: Decoder) throws { app = try? ITunesApp(from: decoder) }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        resultCount = try c.decode(Int.self, forKey: .resultCount)
        results = try c.decode([Skipping].self, forKey: .results).compactMap(\.app)
    }
}
