/// One app in a search observation, in the provider's order. Every detail the provider did not
/// give is nil, written as null: a missing rating is unknown, not zero.
public struct ASOSearchResult: Codable, Equatable, Sendable {
    /// 1-based position in the returned order.
    public var rank: Int
    /// The App Store ID (`trackId`), as text.
    public var adamId: String
    public var name: String?
    public var sellerName: String?
    public var bundleId: String?
    public var rating: Double?
    public var ratingCount: Int?
    /// First release, ISO-8601 as the provider gave it.
    public var releaseDate: String?
    /// Release of the current version.
    public var updatedAt: String?
    public var price: Double?
    public var formattedPrice: String?
    public var currency: String?
    public var url: String?
    /// One of the organization's own projects (its `appStoreId`).
    public var own: Bool

    public init(
        rank: Int, adamId: String, name: String?, sellerName: String?, bundleId: String?, rating: Double?,
        ratingCount: Int?, releaseDate: String?, updatedAt: String?, price: Double?, formattedPrice: String?,
        currency: String?, url: String?, own: Bool
    ) {
        self.rank = rank
        self.adamId = adamId
        self.name = name
        self.sellerName = sellerName
        self.bundleId = bundleId
        self.rating = rating
        self.ratingCount = ratingCount
        self.releaseDate = releaseDate
        self.updatedAt = updatedAt
        self.price = price
        self.formattedPrice = formattedPrice
        self.currency = currency
        self.url = url
        self.own = own
    }

    private enum CodingKeys: String, CodingKey {
        case rank, adamId, name, sellerName, bundleId, rating, ratingCount, releaseDate, updatedAt, price, formattedPrice, currency, url,
            own
    }

    // Absent optionals are written as null so every item has every key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rank, forKey: .rank)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(name, forKey: .name)
        try c.encode(sellerName, forKey: .sellerName)
        try c.encode(bundleId, forKey: .bundleId)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingCount, forKey: .ratingCount)
        try c.encode(releaseDate, forKey: .releaseDate)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(price, forKey: .price)
        try c.encode(formattedPrice, forKey: .formattedPrice)
        try c.encode(currency, forKey: .currency)
        try c.encode(url, forKey: .url)
        try c.encode(own, forKey: .own)
    }
}
