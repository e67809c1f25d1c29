/// An app's move between two consecutive complete daily snapshots. For a new entry
/// `previousRank` and `change` are null: it was absent from the previous snapshot.
public struct MarketRisingItem: Codable, Equatable, Sendable {
    public var adamId: String
    public var slug: String
    public var name: String
    public var rank: Int
    public var previousRank: Int?
    /// `previousRank - rank`: positive for a rise, negative for a fall.
    public var change: Int?

    public init(adamId: String, slug: String, name: String, rank: Int, previousRank: Int?, change: Int?) {
        self.adamId = adamId
        self.slug = slug
        self.name = name
        self.rank = rank
        self.previousRank = previousRank
        self.change = change
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(rank, forKey: .rank)
        try c.encode(previousRank, forKey: .previousRank)
        try c.encode(change, forKey: .change)
    }
}
