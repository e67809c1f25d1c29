/// `suggest_localized_prices`: Apple price points proposed per territory for one product of an
/// app imported from App Store Connect, by the operator API's price preview computed and stored
/// nowhere (`AdminPricesHandler.suggest`), so a read token may ask. Without `product_id` it
/// answers the app's priced products to choose from.
struct SuggestLocalizedPricesTool: MCPTool {
    let name = "suggest_localized_prices"
    let title = "Suggest localized prices"
    let description = """
        Proposes one of Apple's price points per territory for a subscription or in-app purchase, from a base price in \
        USA (default: the subscription's current USA price) by purchasing power (Big Mac index) or exchange rate, with \
        each territory's current point. Every proposal names the dataset release it rests on (sourceDate); a territory \
        the dataset lacks is no_data, never a guessed price. Nothing is stored or changed; schedule_price_changes takes \
        the chosen points. Without product_id, answers the app's priced products only.
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app, from list_apps (imported from App Store Connect).", minLength: 1, maxLength: 64)),
                ("product_id", MCPSchema.string("Apple's ID of the product, from products.", minLength: 1, maxLength: 100)),
                (
                    "territories",
                    MCPSchema.array(MCPSchema.territory, "Territories to propose for; USA is always included.", minItems: 1, maxItems: 175)
                ),
                (
                    "strategy",
                    MCPSchema.string(
                        "purchasing_power scales by the local Big Mac price, match_fx converts at the exchange rate.",
                        enum: ["purchasing_power", "match_fx"], default: "purchasing_power")
                ),
                (
                    "rounding",
                    MCPSchema.string("Which price point to take for a target.", enum: ["nearest", "down", "up"], default: "nearest")
                ),
                ("base_price", MCPSchema.number("The base price in USD; omitted: the subscription's current USA price.")),
                ("multipliers", MCPSchema.anyObject("Per territory, a factor in (0, 10] applied to its target, e.g. {\"IND\": 0.8}.")),
                ("floors", MCPSchema.anyObject("Per territory, the lowest local price, e.g. {\"GBR\": 2.99}.")),
                (
                    "minimum_share_of_base",
                    MCPSchema.number("The lowest price as a share of the base price at the exchange rate, e.g. 0.3.")
                ),
                ("pinned", MCPSchema.anyObject("Per territory, an Apple price point ID to take whatever the formula says.")),
            ], required: ["app_id"])
    }

    var outputSchema: MCPJSON {
        let source = MCPSchema.object(
            [
                ("dataset", MCPSchema.string("The dataset.")),
                ("licence", MCPSchema.string("Its licence.")),
                ("releaseDate", MCPSchema.string("The release used, YYYY-MM-DD (prices and exchange rates of that date).")),
            ], required: ["dataset", "licence", "releaseDate"])
        let suggestion = MCPSchema.object(
            [
                ("computedAt", MCPSchema.string("When it was computed.")),
                ("baseTerritory", MCPSchema.territory),
                ("basePrice", MCPSchema.number("The base price in USD.")),
                ("strategy", MCPSchema.string("The strategy used.")),
                ("source", source),
                ("proposals", MCPSchema.array(MCPSchema.priceProposal, "One per territory, the base territory included.")),
            ], required: ["computedAt", "baseTerritory", "basePrice", "strategy", "source", "proposals"])
        return MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app.")),
                ("products", MCPSchema.array(MCPSchema.pricedProduct, "The app's priced products, from Apple.")),
                ("product", MCPSchema.nullable(MCPSchema.pricedProduct)),
                ("suggestion", MCPSchema.nullable(suggestion)),
            ], required: ["app_id", "products", "product", "suggestion"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let appId = arguments.string("app_id") ?? ""
        let products = try await PriceSuggestion.products(appId, context)
        guard let productId = arguments.string("product_id") else {
            return ["app_id": .string(appId), "products": .array(products), "product": .null, "suggestion": .null]
        }
        let product = try PriceSuggestion.product(productId, in: products)
        var body: [(String, MCPJSON)] = [
            ("territories", arguments["territories"] ?? .null),
            ("strategy", .string(arguments.string("strategy", default: "purchasing_power"))),
            ("rounding", .string(arguments.string("rounding", default: "nearest"))),
        ]
        let names = [
            ("base_price", "basePrice"), ("multipliers", "multipliers"), ("floors", "floors"),
            ("minimum_share_of_base", "minimumShareOfBase"), ("pinned", "pinned"),
        ]
        for (argument, member) in names {
            if let value = arguments[argument] { body.append((member, value)) }
        }
        let suggestion = try await PriceSuggestion.compute(appId, product: product, body: body, context)
        return ["app_id": .string(appId), "products": .array(products), "product": product, "suggestion": suggestion]
    }
}
