/// One chart of the store: a storefront (two-letter country code), a chart name and an
/// optional genre ID (nil: the overall chart).
public struct MarketChartQuery: Codable, Equatable, Hashable, Sendable {
    public var storefront: String
    public var chart: String
    public var genre: String?

    /// The charts the legacy RSS feed serves.
    public static let charts = ["topfreeapplications", "toppaidapplications", "topgrossingapplications"]

    public init(storefront: String, chart: String, genre: String? = nil) {
        self.storefront = storefront
        self.chart = chart
        self.genre = genre
    }

    /// Field problems (`storefront`, `chart`, `genre`), empty when the query is valid.
    public func problems() -> [String: [String]] {
        var out: [String: [String]] = [:]
        if storefront.utf8.count != 2 || !storefront.utf8.allSatisfy({ (97...122).contains($0) }) {
            out["storefront"] = ["must be a two-letter lowercase country code"]
        }
        if !Self.charts.contains(chart) { out["chart"] = ["must be one of \(Self.charts.joined(separator: ", "))"] }
        if let genre, genre.isEmpty || genre.utf8.count > 8 || !genre.utf8.allSatisfy({ (48...57).contains($0) }) {
            out["genre"] = ["must be a numeric genre ID"]
        }
        return out
    }
}
