/// A catalog app as search lists it: recorded store facts (missing ones null) and its latest
/// estimates with their labels. `firstSeenAt`/`lastSeenAt` are when AppNorth saw it in a
/// chart; `releaseDate` is the store's.
public struct MarketAppSummary: Codable, Equatable, Sendable {
    public var adamId: String
    public var slug: String
    public var name: String
    public var developerName: String?
    public var developerId: String?
    public var genreId: String?
    public var genreName: String?
    public var price: Double?
    public var currency: String?
    public var rating: Double?
    public var ratingCount: Int?
    public var releaseDate: String?
    public var iconUrl: String?
    public var firstSeenAt: String
    public var lastSeenAt: String
    public var downloads: MarketEstimate?
    public var revenue: MarketEstimate?

    public init(adamId: String, slug: String, name: String, firstSeenAt: String, lastSeenAt: String) {
        self.adamId = adamId
        self.slug = slug
        self.name = name
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(developerName, forKey: .developerName)
        try c.encode(developerId, forKey: .developerId)
        try c.encode(genreId, forKey: .genreId)
        try c.encode(genreName, forKey: .genreName)
        try c.encode(price, forKey: .price)
        try c.encode(currency, forKey: .currency)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingCount, forKey: .ratingCount)
        try c.encode(releaseDate, forKey: .releaseDate)
        try c.encode(iconUrl, forKey: .iconUrl)
        try c.encode(firstSeenAt, forKey: .firstSeenAt)
        try c.encode(lastSeenAt, forKey: .lastSeenAt)
        try c.encode(downloads, forKey: .downloads)
        try c.encode(revenue, forKey: .revenue)
    }
}
