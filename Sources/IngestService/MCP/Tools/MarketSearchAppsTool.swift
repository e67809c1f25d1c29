import HubMessaging

/// `market_search_apps`: the catalog through the operator API's `GET /market/apps`. The basic
/// search (text, category, rating or recent order) is every plan's; the seed's Studio filters
/// and the estimate sorts are Studio's. Filters on data the hub does not record (paywall
/// types, tags, videos, flow types other than the imported ones) are `MARKET_UNAVAILABLE`
/// rather than a list that pretends no app matches.
struct MarketSearchAppsTool: MCPTool {
    /// The seed's flow types; imported records carry only `MarketAppSearch.flowTypes`.
    static let flowTypes = ["onboarding", "full-app", "paywall", "cancellation", "activation", "retention"]
    static let studioFilters = ["paywallType", "tag", "minRevenueUsd", "hasVideo", "hasAds", "flowType"]

    let name = "market_search_apps"
    let title = "Search market apps"
    let description = """
        Published apps of the market catalog by query (name or developer) and category (numeric App Store genre ID), sorted by \
        recent (the default), rating, downloads or revenue. Studio adds filters: minRevenueUsd, hasAds, flowType (onboarding \
        or paywall flows imported), paywallType, tag, hasVideo. Estimates are labelled with source, period and observation \
        date; Free and Pro see ranges. Pages with limit and offset.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("query", MCPSchema.string("Part of the app's or developer's name.", minLength: 1, maxLength: 120)),
                ("category", MCPSchema.string("Numeric App Store genre ID (6013: Health & Fitness).", minLength: 1, maxLength: 8)),
                ("paywallType", MCPSchema.string("Studio: the paywall's type.", minLength: 1, maxLength: 50)),
                ("tag", MCPSchema.string("Studio: a design pattern tag.", minLength: 1, maxLength: 50)),
                ("minRevenueUsd", MCPSchema.number("Studio: lowest latest revenue estimate, USD.").setting("minimum", 0)),
                ("hasVideo", MCPSchema.boolean("Studio: only apps with a recorded video.")),
                ("hasAds", MCPSchema.boolean("Studio: only apps with (true) or without (false) an imported ad.")),
                ("flowType", MCPSchema.string("Studio: only apps with a published flow of this type.", enum: Self.flowTypes)),
                ("sort", MCPSchema.string("The order.", enum: ["revenue", "downloads", "rating", "recent"], default: "recent")),
            ] + MCPSchema.pageArguments)
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("items", MCPSchema.array(MCPSchema.appSummary, "The apps of this page.")), ("nextOffset", MCPSchema.nextOffset),
                ("credits", MCPSchema.credits),
            ], required: ["items", "nextOffset"])
    }

    func access(_ arguments: MCPArguments) -> MCPAccess {
        let sort = arguments.string("sort")
        let advanced = Self.studioFilters.contains { arguments[$0] != nil } || sort == "revenue" || sort == "downloads"
        return advanced ? .marketStudio : .marketBasic
    }

    /// The category as the operator API checks it (a numeric genre ID), before anything is spent.
    func argumentProblems(_ arguments: MCPArguments) -> [String] {
        MarketChartQuery.argumentProblems(arguments, genreName: "category").filter { $0.hasPrefix("arguments.category") }
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        for unheld in ["paywallType", "tag", "hasVideo"] where arguments[unheld] != nil {
            throw MCPToolError.marketUnavailable(message: "The hub records no \(unheld) of market apps; search without it.")
        }
        if let type = arguments.string("flowType"), !MarketAppSearch.flowTypes.contains(type) {
            throw MCPToolError.marketUnavailable(
                message: "The hub records only onboarding and paywall flows, not \(type) flows; search without flowType or with those.")
        }
        var query: [(String, String)] = []
        if let text = arguments.string("query") { query.append(("query", text)) }
        if let category = arguments.string("category") { query.append(("genre", category)) }
        if let revenue = arguments["minRevenueUsd"]?.number { query.append(("minRevenue", String(revenue))) }
        if let ads = arguments["hasAds"]?.bool { query.append(("hasAds", ads ? "true" : "false")) }
        if let type = arguments.string("flowType") { query.append(("flowType", type)) }
        let page = MCPPage(arguments)
        query += [("sort", arguments.string("sort", default: "recent")), ("limit", String(page.limit)), ("offset", String(page.offset))]
        let found = try await context.operatorCall(context.services.marketApps.search, query: query)
        return ["items": found["items"] ?? [], "nextOffset": found["nextOffset"] ?? .null]
    }
}
