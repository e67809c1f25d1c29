import HubMessaging

/// `get_localization_plan`: the app's locales, the storefronts each serves and its keyword byte
/// budget, from the metadata read through `GET /projects/{id}/metadata` and the hub's table of
/// storefront languages (`ASOLocalizationPlan`).
struct GetLocalizationPlanTool: MCPTool {
    let name = "get_localization_plan"
    let title = "Localization plan"
    let description = """
        The app's localizations with the App Store countries each serves (those whose primary store language it is) \
        and its keywords budget: Apple allows 100 UTF-8 bytes per locale, so every locale adds its own 100 bytes of \
        keywords in its countries. missing lists the locales the app lacks with the countries they would serve, most \
        first; uncoveredCountries the storefronts that show the primary localization.
        """

    var inputSchema: MCPJSON { MCPSchema.object([("app_id", MCPSchema.appId)], required: ["app_id"]) }

    var outputSchema: MCPJSON {
        let countries = MCPSchema.array(MCPSchema.string("A two-letter App Store country code."), "The storefronts it serves.")
        let locale = MCPSchema.object(
            [
                ("locale", MCPSchema.string("The localization.")), ("countries", countries),
                ("keywords", MCPSchema.string("The keywords field now; null when empty.", nullable: true)),
                ("keywordBytes", MCPSchema.integer("UTF-8 bytes used.")), ("budgetBytes", MCPSchema.integer("Apple's budget: 100.")),
                ("remainingBytes", MCPSchema.integer("Bytes left for more terms.")),
            ], required: ["locale", "countries", "keywords", "keywordBytes", "budgetBytes", "remainingBytes"])
        let missing = MCPSchema.object(
            [("locale", MCPSchema.string("An App Store Connect locale the app lacks.")), ("countries", countries)],
            required: ["locale", "countries"])
        return MCPSchema.object(
            [
                ("locales", MCPSchema.array(locale, "The app's localizations, as App Store Connect lists them.")),
                ("totalBudgetBytes", MCPSchema.integer("The keyword bytes of every locale together.")),
                ("missing", MCPSchema.array(missing, "Locales to add, most countries first.")),
                ("uncoveredCountries", MCPSchema.array(MCPSchema.string("A country code."), "Storefronts no locale serves.")),
            ], required: ["locales", "totalBudgetBytes", "missing", "uncoveredCountries"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let document = try await GetMetadataTool.read(arguments, context)
        let plan = ASOLocalizationPlan(
            localizations: (document["localizations"]?.array ?? []).map { localization in
                (localization["locale"]?.string ?? "", localization["fields"]?["keywords"]?.string)
            })
        func countries(_ codes: [String]) -> MCPJSON { .array(codes.map(MCPJSON.string)) }
        return [
            "locales": .array(
                plan.locales.map { locale in
                    [
                        "locale": .string(locale.locale), "countries": countries(locale.countries),
                        "keywords": locale.keywords.map(MCPJSON.string) ?? .null, "keywordBytes": .int(locale.keywordBytes),
                        "budgetBytes": .int(locale.budgetBytes), "remainingBytes": .int(locale.remainingBytes),
                    ]
                }),
            "totalBudgetBytes": .int(plan.locales.reduce(0) { $0 + $1.budgetBytes }),
            "missing": .array(plan.missing.map { ["locale": .string($0.locale), "countries": countries($0.countries)] }),
            "uncoveredCountries": countries(plan.uncoveredCountries),
        ]
    }
}
