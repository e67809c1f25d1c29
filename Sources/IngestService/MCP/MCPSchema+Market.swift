import HubMessaging

/// The shapes the market tools answer, written once: marketd's chart items, app summaries and
/// estimates as the operator API renders them. Missing facts and estimates are null, never zero.
extension MCPSchema {
    /// `storefront`, `chart` and `genre` of the chart tools, bounded as the operator API bounds them.
    static let chartArguments: [(String, MCPJSON)] = [
        ("storefront", string("Two-letter lowercase country code of the App Store.", minLength: 2, maxLength: 2, default: "us")),
        ("chart", string("The chart.", enum: MarketChartQuery.charts, default: "topfreeapplications")),
        ("genre", string("Numeric App Store genre ID; absent: the overall chart.", minLength: 1, maxLength: 10)),
    ]

    /// `nextOffset` of a market list.
    static let nextOffset = integer("offset of the next page; null when this is the last.", nullable: true)

    /// A download or revenue estimate with its label, source, storefront, period and observation date.
    static let estimate = object(
        [
            ("metric", string("downloads or revenue.")),
            ("label", string("Estimated downloads or Estimated revenue (USD): an estimate, never actual sales.")),
            ("value", number("The estimate; null when the source had none or the plan sees only the range.", nullable: true)),
            ("range", string("The broad bracket Free and Pro see instead of the value; null with full access.", nullable: true)),
            ("currency", string("USD for revenue; null for downloads.", nullable: true)),
            ("source", string("Who estimated it.")),
            ("storefront", string("Country code, or ww (worldwide).")),
            ("periodStart", string("First day of the period, YYYY-MM-DD.")),
            ("periodEnd", string("Last day of the period, YYYY-MM-DD.")),
            ("observedAt", string("When the source observed it.")),
        ], required: ["metric", "label", "value", "range", "currency", "source", "storefront", "periodStart", "periodEnd", "observedAt"],
        open: true)

    /// Store facts every catalog app has, null when the store left them out.
    private static let appFacts: [(String, MCPJSON)] = [
        ("adamId", string("The App Store ID.")),
        ("slug", string("The catalog's slug.")),
        ("name", string("The app's name.")),
        ("developerName", string("The developer.", nullable: true)),
        ("developerId", string("The developer's App Store ID.", nullable: true)),
        ("genreId", string("The primary genre's ID.", nullable: true)),
        ("genreName", string("The primary genre.", nullable: true)),
        ("price", number("The price.", nullable: true)),
        ("currency", string("The price's currency.", nullable: true)),
        ("releaseDate", string("The store's release date.", nullable: true)),
        ("iconUrl", string("The icon.", nullable: true)),
    ]

    /// One ranked app of a chart snapshot.
    static let chartItem = object(
        [("rank", integer("The rank, 1 first."))] + appFacts, required: ["rank"] + appFacts.map(\.0), open: true)

    /// A catalog app with its rating and its latest estimates (ranges on Free and Pro).
    static let appSummary = object(
        appFacts + [
            ("rating", number("Average rating.", nullable: true)),
            ("ratingCount", integer("Ratings counted.", nullable: true)),
            ("firstSeenAt", string("When AppNorth first saw it in a chart.")),
            ("lastSeenAt", string("When AppNorth last saw it in a chart.")),
            ("downloads", nullable(estimate)),
            ("revenue", nullable(estimate)),
        ], required: appFacts.map(\.0) + ["rating", "ratingCount", "firstSeenAt", "lastSeenAt", "downloads", "revenue"], open: true)
}

extension MarketChartQuery {
    /// The chart arguments' problems as the operator API finds them, named as `tools/call`
    /// names argument problems (`arguments.storefront must be …`); `chart` defaults as the
    /// tools default it.
    static func argumentProblems(_ arguments: MCPArguments, genreName: String = "genre") -> [String] {
        let query = MarketChartQuery(
            storefront: arguments.string("storefront", default: "us"), chart: arguments.string("chart", default: charts[0]),
            genre: arguments.string(genreName))
        return query.problems().sorted { $0.key < $1.key }.flatMap { field, messages in
            messages.map { "arguments." + (field == "genre" ? genreName : field) + " " + $0 }
        }
    }
}
