import HubMessaging

/// `market_trending`: the latest complete snapshot of a chart with its real date, through the
/// operator API's `GET /market/trending` and its chart cache. A chart with no complete snapshot
/// yet is `MARKET_UNAVAILABLE`, never an empty ranking.
struct MarketTrendingTool: MCPTool {
    let name = "market_trending"
    let title = "Market trending"
    let description = """
        The App Store ranking of the latest complete snapshot of a chart (storefront, chart, genre), ranked apps with their \
        store facts and snapshotDate, the day it was observed (not necessarily today). Pages with limit and offset.
        """

    var inputSchema: MCPJSON { MCPSchema.object(MCPSchema.chartArguments + MCPSchema.pageArguments) }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("storefront", MCPSchema.string("The storefront read.")),
                ("chart", MCPSchema.string("The chart read.")),
                ("genre", MCPSchema.string("The genre read; null: the overall chart.", nullable: true)),
                ("snapshotDate", MCPSchema.string("The UTC day of the snapshot, YYYY-MM-DD.")),
                ("items", MCPSchema.array(MCPSchema.chartItem, "Ranked apps, first place first.")),
                ("nextOffset", MCPSchema.nextOffset),
                ("credits", MCPSchema.credits),
            ], required: ["storefront", "chart", "genre", "snapshotDate", "items", "nextOffset"])
    }

    func access(_ arguments: MCPArguments) -> MCPAccess { .marketBasic }

    /// Storefront, chart and genre as the operator API checks them, before anything is spent.
    func argumentProblems(_ arguments: MCPArguments) -> [String] { MarketChartQuery.argumentProblems(arguments) }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let query = MarketTrendingTool.chartQuery(arguments) + [("limit", MarketTrendingTool.readLimit(MCPPage(arguments)))]
        let chart = try await context.operatorCall(context.services.marketCharts.trending, query: query)
        guard let date = chart["snapshotDate"], date != .null else {
            throw MCPToolError.marketUnavailable(message: "No complete snapshot of this chart has been recorded yet; retry later.")
        }
        return .object(
            MarketTrendingTool.chartMembers(arguments) + [("snapshotDate", date)]
                + MCPPage(arguments).cut(chart["items"]?.array ?? []))
    }

    /// Ranks to read for a page: up to its end plus one, which says whether another page
    /// follows, at most the chart's 200. Reading only those keeps each call from parsing the
    /// whole chart; the operator route caches each length as its own answer.
    static func readLimit(_ page: MCPPage) -> String { String(min(200, page.offset + page.limit + 1)) }

    /// The operator query of the chart arguments.
    static func chartQuery(_ arguments: MCPArguments) -> [(String, String)] {
        var query = [
            ("storefront", arguments.string("storefront", default: "us")),
            ("chart", arguments.string("chart", default: "topfreeapplications")),
        ]
        if let genre = arguments.string("genre") { query.append(("genre", genre)) }
        return query
    }

    static func chartMembers(_ arguments: MCPArguments) -> [(String, MCPJSON)] {
        [
            ("storefront", .string(arguments.string("storefront", default: "us"))),
            ("chart", .string(arguments.string("chart", default: "topfreeapplications"))),
            ("genre", arguments.string("genre").map(MCPJSON.string) ?? .null),
        ]
    }
}
