/// `remove_keywords`: previews or stops tracking one keyword through
/// `DELETE /projects/{id}/aso/keywords/{keywordId}` (`?dryRun=true` answers the keyword and
/// removes nothing). Its rank history goes with it.
struct RemoveKeywordsTool: MCPTool {
    let name = "remove_keywords"
    let title = "Stop tracking a keyword"
    let description = """
        Previews (dry_run=true, the default) or stops tracking one keyword of the app, by its id from list_keywords. \
        diff.before is the keyword with its latest rank; its rank history is deleted with it. An id not tracked is NOT_FOUND.
        """
    let mutation = MCPMutation.Kind.dryRun

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.appId),
                ("keyword_id", MCPSchema.string("The tracked keyword's id, from list_keywords.", minLength: 1, maxLength: 64)),
            ] + MCPSchema.mutationArguments(confirm: false), required: ["app_id", "keyword_id"])
    }

    var outputSchema: MCPJSON { MCPSchema.object(MCPSchema.mutationResult, required: ["dry_run", "executed", "diff"]) }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let path = ["id": arguments.string("app_id") ?? "", "keywordId": arguments.string("keyword_id") ?? ""]
        // The preview's answer is the keyword as it stands: the diff's before either way.
        let before = try await context.operatorCall(
            context.services.asoKeywords.delete, "DELETE", path: path, query: [("dryRun", "true")])
        if context.decision == .execute {
            _ = try await context.operatorCall(context.services.asoKeywords.delete, "DELETE", path: path)
        }
        return .object(
            MCPMutation.result(
                context.decision, before: before, after: .null, warnings: ["Its rank history is deleted with it."], kind: mutation,
                arguments: arguments))
    }
}
