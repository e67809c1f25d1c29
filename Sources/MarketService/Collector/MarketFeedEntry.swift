/// One app of a chart feed as the store described it; absent fields stay nil.
struct MarketFeedEntry: Equatable, Sendable {
    var adamId: String
    var name: String
    var bundleId: String?
    var developerName: String?
    var developerId: String?
    var genreId: String?
    var genreName: String?
    var price: Double?
    var currency: String?
    /// The store's own release date (`im:releaseDate`), never a time AppNorth saw the app.
    var releaseDate: String?
    var iconUrl: String?
    var storeUrl: String?
    var summary: String?
}
