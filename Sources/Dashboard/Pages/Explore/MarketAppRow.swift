import Foundation

/// One catalog app in a list (the apps search, Trending, Rising, a studio): recorded store
/// facts, missing ones shown as —, never guessed.
public struct MarketAppRow: Sendable, Equatable {
    public var adamId: String
    public var name: String
    public var developer: String?
    public var genre: String?
    public var rating: Double?
    public var ratingCount: Int?
    public var releaseDate: String?
    public var price: Double?
    public var currency: String?
    public var rank: Int?
    /// Rising: the rank in the earlier snapshot (nil: a new entry).
    public var previousRank: Int?
    public var downloads: MarketEstimateView?
    public var revenue: MarketEstimateView?

    public init(adamId: String, name: String) {
        self.adamId = adamId
        self.name = name
    }

    static let dash = element("span", .class("missing")) { "—" }

    var priceText: HTML {
        guard let price else { return Self.dash }
        return .text(price == 0 ? "Free" : ChartValueFormat.money(currency: currency).full(price))
    }

    var ratingText: HTML {
        guard let rating else { return Self.dash }
        return .text(String(format: "%.1f ★", rating) + (ratingCount.map { " (\(ChartValueFormat.number.full(Double($0))))" } ?? ""))
    }

    var nameCell: HTML {
        element("td") {
            element("a", .href(ExploreNav.profile(adamId))) { name }
            element("div", .class("small muted")) { [developer, genre].compactMap { $0 }.joined(separator: " · ") }
        }
    }

    static func text(_ value: String?) -> HTML { value.map { HTML.text($0) } ?? dash }
}
