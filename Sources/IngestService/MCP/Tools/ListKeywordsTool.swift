/// `list_keywords`: the app's tracked keywords with their latest ranks and the organization's
/// allowance (`GET /projects/{id}/aso/keywords`); with `keyword_id`, also that keyword's dated
/// history (`GET …/aso/keywords/{keywordId}/history`).
struct ListKeywordsTool: MCPTool {
    let name = "list_keywords"
    let title = "List tracked keywords"
    let description = """
        The app's tracked keywords by country then term, each with its latest rank (status unobserved, unranked or \
        ranked; rank null unless ranked), the day it was observed and the change over seven days, and the \
        organization's tracked count and allowance (null: no limit). With keyword_id, history holds every dated \
        observation of that keyword, newest first.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.appId), ("country", MCPSchema.country("Only keywords tracked in this storefront.")),
                ("keyword_id", MCPSchema.string("A tracked keyword's id whose history to add.", minLength: 1, maxLength: 64)),
            ], required: ["app_id"])
    }

    var outputSchema: MCPJSON {
        let point = MCPSchema.object(
            [
                ("date", MCPSchema.string("The UTC day, YYYY-MM-DD.")), ("observedAt", MCPSchema.string("When it was observed.")),
                ("rank", MCPSchema.integer("The position; null when observed but not ranked.", nullable: true)),
            ], required: ["date", "observedAt", "rank"])
        return MCPSchema.object(
            [
                ("items", MCPSchema.array(MCPSchema.trackedKeyword, "The tracked keywords.")),
                ("organizationUsed", MCPSchema.integer("Keywords tracked across the organization.")),
                ("organizationAllowance", MCPSchema.integer("The plan's allowance; null: no limit.", nullable: true)),
                (
                    "history",
                    MCPSchema.nullable(
                        MCPSchema.object(
                            [("keyword", MCPSchema.trackedKeyword), ("items", MCPSchema.array(point, "Observations, newest first."))],
                            required: ["keyword", "items"], description: "keyword_id's history; null without keyword_id."))
                ),
            ], required: ["items", "organizationUsed", "organizationAllowance", "history"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let appId = arguments.string("app_id") ?? ""
        let listed = try await context.operatorCall(
            context.services.asoKeywords.list, path: ["id": appId], query: arguments.string("country").map { [("country", $0)] } ?? [])
        var history = MCPJSON.null
        if let keywordId = arguments.string("keyword_id") {
            history = try await context.operatorCall(context.services.asoKeywords.history, path: ["id": appId, "keywordId": keywordId])
        }
        return [
            "items": listed["items"] ?? [], "organizationUsed": listed["organizationUsed"] ?? 0,
            "organizationAllowance": listed["organizationAllowance"] ?? .null, "history": history,
        ]
    }
}
