/// `add_localized_keywords`: previews or creates a localized keyword group (one concept, its
/// term per country) through `POST /projects/{id}/aso/groups`, whose `dryRun` runs the same
/// checks and saves nothing. Executing needs `dry_run=false` and `confirm=true`; asod checks the
/// allowance again in the transaction that creates the group.
struct AddLocalizedKeywordsTool: MCPTool {
    /// Countries per group (asod's bound).
    static let maximumCountries = 50

    let name = "add_localized_keywords"
    let title = "Add localized keywords"
    let description = """
        Previews or creates a localized keyword group: one concept with its term in each country (e.g. "meditation": \
        us meditation, de meditation, es meditación). Each term becomes a tracked keyword there, or joins the group when \
        already tracked. Previews unless dry_run=false and confirm=true; get_localization_plan says which countries \
        each locale serves.
        """
    let mutation = MCPMutation.Kind.confirmed

    var inputSchema: MCPJSON {
        let term = MCPSchema.object(
            [
                ("country", MCPSchema.country("The storefront.")),
                ("term", MCPSchema.string("The concept's term there.", minLength: 1, maxLength: 100)),
            ], required: ["country", "term"])
        return MCPSchema.object(
            [
                ("app_id", MCPSchema.appId), ("concept", MCPSchema.string("What the terms mean.", minLength: 1, maxLength: 100)),
                (
                    "terms",
                    MCPSchema.array(
                        term, "One term per country.", minItems: 1, maxItems: AddLocalizedKeywordsTool.maximumCountries)
                ),
            ] + MCPSchema.mutationArguments(confirm: true), required: ["app_id", "concept", "terms"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [("concept", MCPSchema.string("The group's concept."))] + MCPSchema.mutationResult,
            required: ["concept", "dry_run", "executed", "diff"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        var terms: [(String, MCPJSON)] = []
        for entry in arguments["terms"]?.array ?? [] {
            let country = entry["country"]?.string?.lowercased() ?? ""
            guard !terms.contains(where: { $0.0 == country }) else {
                throw MCPToolError.invalidInput(
                    message: "\(country) appears more than once: a group holds one term per country.",
                    fields: ["terms": ["one term per country"]])
            }
            terms.append((country, entry["term"] ?? ""))
        }
        let preview = context.decision == .preview
        let group = try await context.operatorCall(
            context.services.asoGroups.create, "POST", path: ["id": arguments.string("app_id") ?? ""],
            body: ["concept": arguments["concept"] ?? "", "terms": .object(terms), "dryRun": .bool(preview)])
        return .object(
            [("concept", arguments["concept"] ?? "")]
                + MCPMutation.result(context.decision, before: .null, after: group, warnings: [], kind: mutation, arguments: arguments))
    }
}
