import HubMessaging

/// `market_get_app`: one app's profile by slug through the operator API's
/// `GET /market/apps/{handle}`: listing facts, estimates (ranges on Free and Pro), the overall
/// free chart's history and active ads, each library paged with the same limit and offset.
struct MarketGetAppTool: MCPTool {
    let name = "market_get_app"
    let title = "Market app profile"
    let description = """
        One app of the market catalog by slug (from the catalog's results): store facts, listing, estimates with source, \
        storefront, period and observation date (Free and Pro see ranges, never exact figures), its rank history in the US \
        overall free chart and its active ads. Each library (estimates, chartHistory, activeAds) pages with limit and offset. \
        Free and Pro spend one of the organization's 10 daily profile reads, even for a slug that does not exist.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [("slug", MCPSchema.string("The app's slug (or App Store ID) from the catalog's results.", minLength: 1, maxLength: 120))]
                + MCPSchema.pageArguments, required: ["slug"])
    }

    static func library(_ item: MCPJSON, _ description: String, extra: [(String, MCPJSON)] = []) -> MCPJSON {
        MCPSchema.object(
            extra + [("items", MCPSchema.array(item, description)), ("nextOffset", MCPSchema.nextOffset)],
            required: extra.map(\.0) + ["items", "nextOffset"])
    }

    var outputSchema: MCPJSON {
        let listing = MCPSchema.object(
            [
                ("description", MCPSchema.string("The store description.", nullable: true)),
                ("bundleId", MCPSchema.string("The bundle ID.", nullable: true)),
                ("version", MCPSchema.string("The current version.", nullable: true)),
                ("sizeBytes", MCPSchema.integer("The download size.", nullable: true)),
                ("contentRating", MCPSchema.string("The age rating.", nullable: true)),
                ("minimumOS", MCPSchema.string("The lowest iOS version.", nullable: true)),
                ("websiteUrl", MCPSchema.string("The developer's site.", nullable: true)),
                ("storeUrl", MCPSchema.string("The App Store page.", nullable: true)),
                ("lookedUpAt", MCPSchema.string("When AppNorth last looked it up.", nullable: true)),
            ], open: true)
        let point = MCPSchema.object(
            [("date", MCPSchema.string("The snapshot's UTC day.")), ("rank", MCPSchema.integer("The rank that day."))],
            required: ["date", "rank"])
        let ad = MCPSchema.object(
            [
                ("platform", MCPSchema.string("Where the ad runs.")),
                ("firstSeenAt", MCPSchema.string("When AppNorth first detected it.")),
                ("daysSinceFirstSeen", MCPSchema.integer("Days since AppNorth first detected it, not since the campaign began.")),
            ], required: ["platform", "firstSeenAt", "daysSinceFirstSeen"])
        return MCPSchema.object(
            [
                ("app", MCPSchema.appSummary),
                ("listing", listing),
                ("estimates", Self.library(MCPSchema.estimate, "Estimates, newest period first.")),
                (
                    "chartHistory",
                    Self.library(
                        point, "Days in complete snapshots of the last 90 days, oldest first.",
                        extra: [("storefront", MCPSchema.string("The storefront.")), ("chart", MCPSchema.string("The chart."))])
                ),
                ("activeAds", Self.library(ad, "Active imported ads, newest first.")),
                ("credits", MCPSchema.credits),
                ("daily", MCPSchema.daily),
            ], required: ["app", "listing", "estimates", "chartHistory", "activeAds"])
    }

    func access(_ arguments: MCPArguments) -> MCPAccess { .marketProfile }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let profile = try await context.operatorCall(context.services.marketApps.get, path: ["handle": arguments.string("slug") ?? ""])
        let page = MCPPage(arguments)
        let history = profile["chartHistory"] ?? [:]
        var out: [(String, MCPJSON)] = [
            ("app", profile["app"] ?? .null), ("listing", profile["listing"] ?? [:]),
            ("estimates", .object(page.cut(profile["estimates"]?.array ?? []))),
            (
                "chartHistory",
                .object(
                    [("storefront", history["storefront"] ?? "us"), ("chart", history["chart"] ?? "topfreeapplications")]
                        + page.cut(history["points"]?.array ?? []))
            ),
            ("activeAds", .object(page.cut(profile["activeAds"]?.array ?? []))),
        ]
        // marketd counted this read in the organization's daily allowance (Free and Pro), the one
        // the dashboard's profile views share: its count is the one the agent sees.
        if let daily = profile["daily"], daily != .null {
            out.append(
                (
                    "daily",
                    ["limit": daily["limit"] ?? .null, "remaining": daily["remaining"] ?? .null, "resets_at": daily["resetsAt"] ?? .null]
                ))
        }
        return .object(out)
    }
}
