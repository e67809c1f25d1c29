import HubMessaging

/// `get_metadata_suggestions`: a deterministic proposal for one localization's keywords field:
/// the app's keyword candidates (`GET /projects/{id}/aso/candidates`) fitted into the 100-byte
/// budget after the current terms by the operator API's `POST /projects/{id}/metadata/suggest`.
/// It publishes nothing; update_metadata previews and publishes.
struct GetMetadataSuggestionsTool: MCPTool {
    /// The most candidates `metadata/suggest` takes.
    static let maximumCandidates = 500

    let name = "get_metadata_suggestions"
    let title = "Keyword field suggestion"
    let description = """
        A deterministic proposal for a localization's keywords field: the current terms, then the app's keyword \
        candidates for country that fit the 100-byte budget, skipping terms already present and words already in the \
        name or subtitle. Changes nothing; pass keywords to update_metadata to preview and publish it.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.appId), ("locale", MCPSchema.locale("The localization whose keywords field to fill.")),
                ("country", MCPSchema.country("The storefront whose candidates to use.", default: "us")),
            ], required: ["app_id", "locale"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("locale", MCPSchema.string("The localization.")),
                ("country", MCPSchema.string("The storefront the candidates come from.")),
                (
                    "listing",
                    MCPSchema.string("Whether the app's public listing was read for candidates.", enum: ["ok", "not_found", "unavailable"])
                ),
                ("current", MCPSchema.string("The keywords field now; null when empty.", nullable: true)),
                ("keywords", MCPSchema.string("The proposed keywords field.")),
                ("added", MCPSchema.array(MCPSchema.string("A term."), "The candidates added, in order.")),
                ("keywordBytes", MCPSchema.integer("UTF-8 bytes of the proposal.")),
                ("budgetBytes", MCPSchema.integer("Apple's budget for the field: 100 bytes.")),
            ], required: ["locale", "country", "listing", "current", "keywords", "added", "keywordBytes", "budgetBytes"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let appId = arguments.string("app_id") ?? ""
        let locale = arguments.string("locale") ?? ""
        let country = arguments.string("country", default: "us")
        let fields = GetMetadataTool.fields(
            try GetMetadataTool.localization(locale, in: try await GetMetadataTool.read(arguments, context)))
        let candidates = try await context.operatorCall(
            context.services.asoCandidates.candidates, path: ["id": appId], query: [("country", country)])
        let terms = (candidates["items"]?.array ?? []).compactMap { $0["term"] }.prefix(GetMetadataSuggestionsTool.maximumCandidates)
        let suggestion = try context.operatorCall(
            context.services.metadata.suggest, "POST", path: ["id": appId],
            body: ["fields": fields, "candidates": .array(Array(terms))])
        let keywords = suggestion["keywords"]?.string ?? ""
        return [
            "locale": .string(locale), "country": .string(country.lowercased()), "listing": candidates["listing"] ?? "unavailable",
            "current": fields["keywords"]?.string.flatMap { $0.isEmpty ? nil : MCPJSON.string($0) } ?? .null,
            "keywords": .string(keywords), "added": suggestion["added"] ?? [], "keywordBytes": .int(keywords.utf8.count),
            "budgetBytes": .int(MetadataValidator.keywordBytes),
        ]
    }
}
