import HubHTTPServer

/// What the price tools read through the operator API's price handlers: the app's priced
/// products from Apple, and a preview computed by asod and stored nowhere (`AdminPricesHandler.suggest`),
/// with each territory's current point. Shaped once so both tools answer the same members.
enum PriceSuggestion {
    /// Apple's priced products of the app, each member present.
    static func products(_ appId: String, _ context: MCPToolContext) async throws -> [MCPJSON] {
        let listed = try await context.operatorCall(context.services.prices.products, path: ["id": appId])
        return (listed["items"]?.array ?? []).map { item in
            .object(["id", "kind", "productId", "name"].map { ($0, item[$0] ?? .null) })
        }
    }

    /// The product named `productId` among `products`; NOT_FOUND when Apple lists none so.
    static func product(_ productId: String, in products: [MCPJSON]) throws -> MCPJSON {
        guard let product = products.first(where: { $0["id"]?.string == productId }) else {
            throw MCPToolError.notFound(message: "The app has no priced product \(productId); see products from suggest_localized_prices.")
        }
        return product
    }

    /// Computes the preview `body` asks for (the preview route's body, productId and kind filled
    /// in): `{computedAt, baseTerritory, basePrice, strategy, source, proposals}`.
    static func compute(_ appId: String, product: MCPJSON, body: [(String, MCPJSON)], _ context: MCPToolContext) async throws -> MCPJSON {
        let computed = try await context.operatorCall(
            context.services.prices.suggest, "POST", path: ["id": appId],
            body: .object([("productId", product["id"] ?? .null), ("kind", product["kind"] ?? .null)] + body))
        let preview = computed["preview"] ?? .object([])
        let current = computed["current"] ?? .null
        let proposals = (preview["proposals"]?.array ?? []).map { proposal -> MCPJSON in
            let territory = proposal["territory"]?.string ?? ""
            let point = proposal["point"].map { point -> MCPJSON in
                .object(["id", "customerPrice", "proceeds"].map { ($0, point[$0] ?? .null) })
            }
            let now = current[territory].map { now -> MCPJSON in .object(["pointId", "customerPrice"].map { ($0, now[$0] ?? .null) }) }
            return .object(
                [
                    ("territory", .string(territory)), ("currency", proposal["currency"] ?? .null),
                    ("status", proposal["status"] ?? .null), ("method", proposal["method"] ?? .null),
                    ("target", proposal["target"] ?? .null), ("point", point ?? .null), ("current", now ?? .null),
                    ("sourceDate", proposal["sourceDate"] ?? .null), ("viaEuroArea", proposal["viaEuroArea"] ?? false),
                    ("adjustments", proposal["adjustments"] ?? .array([])),
                ])
        }
        return .object(
            [
                ("computedAt", computed["computedAt"] ?? .null), ("baseTerritory", preview["baseTerritory"] ?? .null),
                ("basePrice", preview["basePrice"] ?? .null), ("strategy", preview["strategy"] ?? .null),
                ("source", preview["source"] ?? .null), ("proposals", .array(proposals)),
            ])
    }
}
