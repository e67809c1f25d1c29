import HubMessaging

/// `market_rising`: risers, fallers or new entries between the two latest consecutive complete
/// daily snapshots of a chart, through the operator API's `GET /market/rising`. Without such a
/// pair the answer is `MARKET_UNAVAILABLE`: a missing history proves no move.
struct MarketRisingTool: MCPTool {
    let name = "market_rising"
    let title = "Market rising"
    let description = """
        Moves in a chart between its two latest consecutive complete daily snapshots (fromDate, toDate): kind riser (the \
        default), faller or new. change is previousRank minus rank; a new entry has null previousRank and change. Pages \
        with limit and offset.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            MCPSchema.chartArguments + [
                ("kind", MCPSchema.string("Which moves.", enum: MarketRising.Kind.allCases.map(\.rawValue), default: "riser"))
            ] + MCPSchema.pageArguments)
    }

    var outputSchema: MCPJSON {
        let item = MCPSchema.object(
            [
                ("adamId", MCPSchema.string("The App Store ID.")),
                ("slug", MCPSchema.string("The catalog's slug.")),
                ("name", MCPSchema.string("The app's name.")),
                ("rank", MCPSchema.integer("Rank on toDate.")),
                ("previousRank", MCPSchema.integer("Rank on fromDate; null for a new entry.", nullable: true)),
                ("change", MCPSchema.integer("previousRank - rank; null for a new entry.", nullable: true)),
            ], required: ["adamId", "slug", "name", "rank", "previousRank", "change"], open: true)
        return MCPSchema.object(
            [
                ("storefront", MCPSchema.string("The storefront read.")),
                ("chart", MCPSchema.string("The chart read.")),
                ("genre", MCPSchema.string("The genre read; null: the overall chart.", nullable: true)),
                ("kind", MCPSchema.string("The moves listed.")),
                ("fromDate", MCPSchema.string("The earlier snapshot's UTC day.")),
                ("toDate", MCPSchema.string("The later snapshot's UTC day.")),
                ("items", MCPSchema.array(item, "The moves, the largest first (new entries by rank).")),
                ("nextOffset", MCPSchema.nextOffset),
                ("credits", MCPSchema.credits),
            ], required: ["storefront", "chart", "genre", "kind", "fromDate", "toDate", "items", "nextOffset"])
    }

    func access(_ arguments: MCPArguments) -> MCPAccess { .marketStudio }

    /// Storefront, chart and genre as the operator API checks them, before anything is spent.
    func argumentProblems(_ arguments: MCPArguments) -> [String] { MarketChartQuery.argumentProblems(arguments) }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let kind = arguments.string("kind", default: "riser")
        let moves = try await context.operatorCall(
            context.services.marketCharts.rising,
            query: MarketTrendingTool.chartQuery(arguments)
                + [("kind", kind), ("limit", MarketTrendingTool.readLimit(MCPPage(arguments)))])
        guard let from = moves["fromDate"], from != .null, let to = moves["toDate"], to != .null else {
            throw MCPToolError.marketUnavailable(
                message: "This chart has no two consecutive complete daily snapshots yet, so no move can be shown; retry later.")
        }
        return .object(
            MarketTrendingTool.chartMembers(arguments) + [("kind", .string(kind)), ("fromDate", from), ("toDate", to)]
                + MCPPage(arguments).cut(moves["items"]?.array ?? []))
    }
}
