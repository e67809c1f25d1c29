import Foundation

/// What a price-localization preview is asked for (docs/pricing.md, "Strategies"): a base price in
/// the base territory (`USA`), a strategy, and the operator's adjustments, over Apple's price
/// points per territory.
public struct PriceLocalizationRequest: Codable, Equatable, Sendable {
    public enum Strategy: String, Codable, Sendable {
        /// Scale the base price by the local Big Mac price relative to the base territory's.
        case purchasingPower = "purchasing_power"
        /// Convert the base price at the dataset's exchange rate.
        case matchFX = "match_fx"
    }

    public enum Rounding: String, Codable, Sendable {
        /// The closest price point (the lower one on a tie).
        case nearest
        /// The highest point at or below the target.
        case down
        /// The lowest point at or above the target.
        case up
    }

    public var baseTerritory: String
    /// The base price in the base territory's currency.
    public var basePrice: Decimal
    public var strategy: Strategy
    public var rounding: Rounding
    /// Territories to propose for (the base territory is always included).
    public var territories: [String]
    /// Apple's price points per territory.
    public var pricePoints: [String: [PricePoint]]
    /// Multipliers applied to a territory's target, e.g. `0.8` for a lower tier.
    public var multipliers: [String: Decimal]
    /// Lowest local price per territory.
    public var floors: [String: Decimal]
    /// Lowest price as a share of the base price converted at the exchange rate (e.g. `0.3`).
    public var minimumShareOfBase: Decimal?
    /// Territories pinned to a price point ID.
    public var pinned: [String: String]
    /// Locked territories: an explicit manual price point ID, or nil while none is chosen.
    public var locked: [String: String?]
    /// The preview's date (`YYYY-MM-DD`): the dataset release used is the latest on or before it.
    public var asOf: String

    public init(
        baseTerritory: String = "USA", basePrice: Decimal, strategy: Strategy, rounding: Rounding = .nearest,
        territories: [String], pricePoints: [String: [PricePoint]], multipliers: [String: Decimal] = [:],
        floors: [String: Decimal] = [:], minimumShareOfBase: Decimal? = nil, pinned: [String: String] = [:],
        locked: [String: String?] = [:], asOf: String
    ) {
        self.baseTerritory = baseTerritory
        self.basePrice = basePrice
        self.strategy = strategy
        self.rounding = rounding
        self.territories = territories
        self.pricePoints = pricePoints
        self.multipliers = multipliers
        self.floors = floors
        self.minimumShareOfBase = minimumShareOfBase
        self.pinned = pinned
        self.locked = locked
        self.asOf = asOf
    }
}

/// One of Apple's price points in a territory.
public struct PricePoint: Codable, Equatable, Sendable {
    public var id: String
    public var customerPrice: Decimal
    public var proceeds: Decimal?

    public init(id: String, customerPrice: Decimal, proceeds: Decimal? = nil) {
        self.id = id
        self.customerPrice = customerPrice
        self.proceeds = proceeds
    }
}

/// The proposal for one territory, with where its number came from.
public struct PriceProposal: Codable, Equatable, Sendable {
    public enum Method: String, Codable, Sendable {
        case base
        case purchasingPower = "purchasing_power"
        case matchFX = "match_fx"
        case pinned
        case locked
        /// Taken from an imported CSV row.
        case imported = "csv_import"
    }

    public enum Status: String, Codable, Sendable {
        /// A price point is proposed.
        case proposed
        /// A locked territory without its manual price.
        case needsManualPrice = "needs_manual_price"
        /// The dataset has nothing for this territory (nor its currency area): no number is invented.
        case noData = "no_data"
        /// Apple offers no price point here, or the pinned/manual point is not among them.
        case noPricePoint = "no_price_point"
    }

    public var territory: String
    public var currency: String?
    public var method: Method
    public var status: Status
    /// The unrounded local target, after multiplier and floors; nil when there is none.
    public var target: Decimal?
    public var point: PricePoint?
    /// Dataset release the target came from, and whether the euro-area figure stood in.
    public var sourceDate: String?
    public var viaEuroArea: Bool
    /// Adjustments applied, in order (`multiplier 0.8`, `floor 0.99`, …).
    public var adjustments: [String]
}

/// A whole preview: the proposals and the dataset they rest on.
public struct PriceLocalizationPreview: Codable, Equatable, Sendable {
    public struct Source: Codable, Equatable, Sendable {
        public var dataset: String
        public var licence: String
        /// The release used (Big Mac prices and exchange rates of the same date).
        public var releaseDate: String
    }

    public var baseTerritory: String
    public var basePrice: Decimal
    /// A `PriceLocalizationRequest.Strategy` value, or `csv_import`.
    public var strategy: String
    public var source: Source
    public var proposals: [PriceProposal]
}
