/// One ranked app of a chart snapshot with the store facts recorded for it. Missing facts are
/// null, never guessed; `releaseDate` is the store's, never a collection time.
public struct MarketChartItem: Codable, Equatable, Sendable {
    public var rank: Int
    public var adamId: String
    public var slug: String
    public var name: String
    public var developerName: String?
    public var developerId: String?
    public var genreId: String?
    public var genreName: String?
    public var price: Double?
    public var currency: String?
    public var releaseDate: String?
    public var iconUrl: String?

    public init(
        rank: Int, adamId: String, slug: String, name: String, developerName: String? = nil,
        developerId: String? = nil, genreId: String? = nil, genreName: String? = nil, price: Double? = nil,
        currency: String? = nil, releaseDate: String? = nil, iconUrl: String? = nil
    ) {
        self.rank = rank
        self.adamId = adamId
        self.slug = slug
        self.name = name
        self.developerName = developerName
        self.developerId = developerId
        self.genreId = genreId
        self.genreName = genreName
        self.price = price
        self.currency = currency
        self.releaseDate = releaseDate
        self.iconUrl = iconUrl
    }

    // Absent optionals are written as null so every item has the same keys.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rank, forKey: .rank)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(developerName, forKey: .developerName)
        try c.encode(developerId, forKey: .developerId)
        try c.encode(genreId, forKey: .genreId)
        try c.encode(genreName, forKey: .genreName)
        try c.encode(price, forKey: .price)
        try c.encode(currency, forKey: .currency)
        try c.encode(releaseDate, forKey: .releaseDate)
        try c.encode(iconUrl, forKey: .iconUrl)
    }
}
