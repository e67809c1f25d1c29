/// `market_compare_apps`: 2 to 5 catalog apps side by side, in the order asked, each read as its
/// profile through the operator API (`GET /market/apps/{handle}`). Studio only, one credit for
/// the whole call; a slug that does not exist fails the call with `NOT_FOUND` naming it.
struct MarketCompareAppsTool: MCPTool {
    let name = "market_compare_apps"
    let title = "Compare market apps"
    let description = """
        Compares 2 to 5 apps of the market catalog (slugs from the catalog's results) in the order asked: store facts, the \
        latest download and revenue estimates with source, period and observation date (null when none is recorded), the \
        latest rank in the US overall free chart and the number of active ads (up to 100). One credit per call.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                (
                    "slugs",
                    MCPSchema.array(
                        MCPSchema.string("A slug (or App Store ID).", minLength: 1, maxLength: 120), "The apps, in the order to compare.",
                        minItems: 2, maxItems: 5)
                )
            ], required: ["slugs"])
    }

    var outputSchema: MCPJSON {
        let rank = MCPSchema.object(
            [("date", MCPSchema.string("The snapshot's UTC day.")), ("rank", MCPSchema.integer("The rank that day."))],
            required: ["date", "rank"])
        let item = MCPSchema.object(
            [
                ("slug", MCPSchema.string("The slug as asked.")),
                ("app", MCPSchema.appSummary),
                ("latestRank", MCPSchema.nullable(rank)),
                ("activeAds", MCPSchema.integer("Active imported ads.")),
            ], required: ["slug", "app", "latestRank", "activeAds"])
        return MCPSchema.object(
            [("items", MCPSchema.array(item, "The apps in the order asked.")), ("credits", MCPSchema.credits)], required: ["items"])
    }

    func access(_ arguments: MCPArguments) -> MCPAccess { .marketStudio }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        var items: [MCPJSON] = []
        for slug in arguments["slugs"]?.array?.compactMap(\.string) ?? [] {
            let profile: MCPJSON
            do {
                profile = try await context.operatorCall(context.services.marketApps.get, path: ["handle": slug])
            } catch MCPToolError.notFound {
                throw MCPToolError.notFound(message: "No app has the slug \(slug); take slugs from the catalog's results.")
            }
            items.append([
                "slug": .string(slug), "app": profile["app"] ?? .null,
                "latestRank": profile["chartHistory"]?["points"]?.array?.last ?? .null,
                "activeAds": .int(profile["activeAds"]?.array?.count ?? 0),
            ])
        }
        return ["items": .array(items)]
    }
}
