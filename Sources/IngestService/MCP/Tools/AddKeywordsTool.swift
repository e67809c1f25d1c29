/// `add_keywords`: previews or starts tracking terms in one storefront through
/// `POST /projects/{id}/aso/keywords`, whose `dryRun` runs the same checks (the allowance, the
/// app's App Store ID) and saves nothing. asod checks the allowance again in the transaction
/// that inserts, so a preview reserves nothing.
struct AddKeywordsTool: MCPTool {
    let name = "add_keywords"
    let title = "Track keywords"
    let description = """
        Previews (dry_run=true, the default) or starts tracking terms for the app in one storefront. diff.before holds \
        the terms' keywords already tracked there, diff.after every one of them once added; a term already tracked is \
        not added again. Beyond the plan's allowance nothing is added (INVALID_INPUT naming the limit).
        """
    let mutation = MCPMutation.Kind.dryRun

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.appId), ("country", MCPSchema.country("The storefront to track them in.")),
                (
                    "terms",
                    MCPSchema.array(
                        MCPSchema.string("A search term.", minLength: 1, maxLength: 100), "The terms to track.", minItems: 1,
                        maxItems: ASOKeywordsHandler.maximumTerms)
                ),
            ] + MCPSchema.mutationArguments(confirm: false), required: ["app_id", "country", "terms"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("added", MCPSchema.array(MCPSchema.trackedKeyword, "The keywords added, or that would be.")),
                ("existing", MCPSchema.array(MCPSchema.trackedKeyword, "The terms already tracked, left as they are.")),
            ] + MCPSchema.mutationResult, required: ["added", "existing", "dry_run", "executed", "diff"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let preview = context.decision == .preview
        let answer = try await context.operatorCall(
            context.services.asoKeywords.create, "POST", path: ["id": arguments.string("app_id") ?? ""],
            body: ["country": arguments["country"] ?? "", "terms": arguments["terms"] ?? [], "dryRun": .bool(preview)])
        let added = answer["added"]?.array ?? []
        let existing = answer["existing"]?.array ?? []
        var warnings: [String] = []
        if !existing.isEmpty {
            warnings.append(
                "Already tracked, left as they are: " + existing.compactMap { $0["term"]?.string }.joined(separator: ", ") + ".")
        }
        if added.isEmpty { warnings.append("Every term is already tracked: executing adds nothing.") }
        return .object(
            [("added", .array(added)), ("existing", .array(existing))]
                + MCPMutation.result(
                    context.decision, before: .array(existing), after: .array(existing + added), warnings: warnings, kind: mutation,
                    arguments: arguments))
    }
}
