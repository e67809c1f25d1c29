/// `get_keyword_candidates`: terms from the app's public listing and the stored searches that
/// returned it, each with its evidence, tracked terms excluded (`GET /projects/{id}/aso/candidates`).
struct GetKeywordCandidatesTool: MCPTool {
    let name = "get_keyword_candidates"
    let title = "Keyword candidates"
    let description = """
        Keyword candidates for the app in one storefront: words from its own App Store listing and terms of stored \
        searches that returned it or its competitors, each with the evidence (source, term, rank, observation date). \
        Terms already tracked there are left out. Evidence, not a search-volume measurement.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [("app_id", MCPSchema.appId), ("country", MCPSchema.country("The storefront.", default: "us"))], required: ["app_id"])
    }

    var outputSchema: MCPJSON {
        let evidence = MCPSchema.object(
            [
                (
                    "source",
                    MCPSchema.string(
                        "Where it was found.", enum: ["listing_title", "listing_description", "search", "competitor_title"])
                ),
                ("term", MCPSchema.string("The search term (search, competitor_title).")),
                ("rank", MCPSchema.integer("The app's rank in that search, or the competitor's.")),
                ("adamId", MCPSchema.string("The competitor (competitor_title).")),
                ("appName", MCPSchema.string("The competitor's name.")),
                ("count", MCPSchema.integer("Occurrences in the description (listing_description).")),
                ("observedAt", MCPSchema.string("When the search was observed.")),
            ], required: ["source"])
        return MCPSchema.object(
            [
                (
                    "listing",
                    MCPSchema.string(
                        "ok, not_found (the app is not listed in that storefront) or unavailable (the lookup failed; search "
                            + "candidates are still given).", enum: ["ok", "not_found", "unavailable"])
                ),
                (
                    "items",
                    MCPSchema.array(
                        MCPSchema.object(
                            [("term", MCPSchema.string("The term.")), ("evidence", MCPSchema.array(evidence, "Why it is suggested."))],
                            required: ["term", "evidence"]), "The candidates.")
                ),
            ], required: ["listing", "items"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let candidates = try await context.operatorCall(
            context.services.asoCandidates.candidates, path: ["id": arguments.string("app_id") ?? ""],
            query: [("country", arguments.string("country", default: "us"))])
        return ["listing": candidates["listing"] ?? "unavailable", "items": candidates["items"] ?? []]
    }
}
