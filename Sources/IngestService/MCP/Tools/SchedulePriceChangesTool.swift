/// `schedule_price_changes`: previews, or records as a price job, chosen Apple price points per
/// territory for one subscription. The preview computes the points through the operator API's
/// price preview without storing it (`AdminPricesHandler.suggest`); executing stores that
/// preview and submits a job from it through the operator routes (`prices/preview`,
/// `prices/jobs`), whose checks hold. asod's prices worker writes to Apple later, rereading each
/// territory's price before its write (docs/pricing.md, "Price jobs").
struct SchedulePriceChangesTool: MCPTool {
    let name = "schedule_price_changes"
    let title = "Schedule price changes"
    let description = """
        Preview (dry_run=true, the default) or schedule price changes of a subscription: for each territory the Apple \
        price point to set (e.g. from suggest_localized_prices). diff.before is each territory's current point (null: \
        none), diff.after the one scheduled. Executing needs dry_run=false and confirm=true and records a price job: \
        the hub's prices worker writes to Apple later, after rereading each price (a territory changed since fails as \
        CONFLICTING_CHANGE), the base territory USA last.
        """
    let mutation = MCPMutation.Kind.confirmed

    var inputSchema: MCPJSON {
        let change = MCPSchema.object(
            [
                ("territory", MCPSchema.territory),
                ("price_point_id", MCPSchema.string("Apple's price point to set there.", minLength: 1, maxLength: 200)),
            ], required: ["territory", "price_point_id"])
        return MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app, from list_apps (imported from App Store Connect).", minLength: 1, maxLength: 64)),
                (
                    "product_id",
                    MCPSchema.string("Apple's ID of the subscription, from suggest_localized_prices.", minLength: 1, maxLength: 100)
                ),
                ("changes", MCPSchema.array(change, "The price point per territory, each territory once.", minItems: 1, maxItems: 175)),
                (
                    "start_date",
                    MCPSchema.string(
                        "When the prices take effect, YYYY-MM-DD; omitted: as soon as Apple applies them.", minLength: 10, maxLength: 10)
                ),
                ("preserve_current_price", MCPSchema.boolean("Keep current subscribers on their price.", default: false)),
            ] + MCPSchema.mutationArguments(confirm: true), required: ["app_id", "product_id", "changes"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app.")),
                ("product_id", MCPSchema.string("The subscription.")),
                (
                    "job",
                    MCPSchema.nullable(
                        MCPSchema.anyObject("The price job recorded, with one pending item per territory; null in a preview."))
                ),
            ] + MCPSchema.mutationResult, required: ["app_id", "product_id", "job", "dry_run", "executed", "diff"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let appId = arguments.string("app_id") ?? ""
        let changes = (arguments["changes"]?.array ?? []).map { ($0["territory"]?.string ?? "", $0["price_point_id"]?.string ?? "") }
        let territories = changes.map(\.0)
        let repeated = Set(territories.filter { t in territories.filter { $0 == t }.count > 1 })
        guard repeated.isEmpty else {
            throw MCPToolError.invalidInput(
                message: "Each territory once: \(repeated.sorted().joined(separator: ", ")) repeated.",
                fields: ["changes": ["repeat a territory"]])
        }
        let product = try PriceSuggestion.product(
            arguments.string("product_id") ?? "", in: try await PriceSuggestion.products(appId, context))
        // Every territory pinned to its chosen point: the preview's formula decides nothing here.
        let body: [(String, MCPJSON)] = [
            ("territories", .array(territories.map(MCPJSON.string))), ("strategy", "match_fx"),
            ("pinned", .object(changes.map { ($0.0, .string($0.1)) })),
        ]
        // The job route refuses an in-app purchase (UNSUPPORTED_PRODUCT); the preview says so
        // first, since its computation would ask for a USA base price the purchase has none of.
        guard product["kind"]?.string == "subscription" else {
            throw MCPToolError.invalidInput(
                message: "Price jobs set subscription prices only; Apple prices an in-app purchase as one schedule.",
                fields: ["product_id": ["must be a subscription"]])
        }
        let suggestion: MCPJSON
        do {
            suggestion = try await PriceSuggestion.compute(appId, product: product, body: body, context)
        } catch MCPToolError.invalidInput(_, let fields?) where fields["basePrice"] != nil {
            throw MCPToolError.invalidInput(
                message: "The subscription has no current price in the USA, which a price preview starts from; set one first.",
                fields: ["product_id": ["has no current USA price"]])
        }
        let proposals = suggestion["proposals"]?.array ?? []
        var before: [(String, MCPJSON)] = []
        var after: [(String, MCPJSON)] = []
        var warnings: [String] = []
        for (territory, pointId) in changes {
            let proposal = proposals.first { $0["territory"]?.string == territory }
            let current = proposal?["current"] ?? .null
            before.append((territory, current))
            after.append((territory, proposal?["point"] ?? .null))
            if proposal?["status"]?.string != "proposed" {
                warnings.append("\(territory): Apple offers no price point \(pointId) there: executing is refused.")
            } else if current["pointId"]?.string == pointId {
                warnings.append("\(territory) is at \(pointId) already: its item succeeds without a write.")
            }
        }
        guard context.decision == .execute else {
            return .object(
                [("app_id", .string(appId)), ("product_id", product["id"] ?? .null), ("job", .null)]
                    + MCPMutation.result(
                        .preview, before: .object(before), after: .object(after), warnings: warnings, kind: mutation, arguments: arguments))
        }
        let stored = try await context.operatorCall(
            context.services.prices.preview, "POST", path: ["id": appId],
            body: .object([("productId", product["id"] ?? .null), ("kind", product["kind"] ?? .null)] + body))
        var submit: [(String, MCPJSON)] = [
            ("previewId", stored["previewId"] ?? .null), ("territories", .array(territories.map(MCPJSON.string))),
            ("preserveCurrentPrice", .bool(arguments.bool("preserve_current_price", default: false))),
        ]
        if let date = arguments.string("start_date") { submit.append(("startDate", .string(date))) }
        let job = try await context.operatorCall(context.services.priceJobs.submit, "POST", path: ["id": appId], body: .object(submit))
        return .object(
            [("app_id", .string(appId)), ("product_id", product["id"] ?? .null), ("job", job)]
                + MCPMutation.result(
                    .execute, before: .object(before), after: .object(after), warnings: warnings, kind: mutation, arguments: arguments))
    }
}
