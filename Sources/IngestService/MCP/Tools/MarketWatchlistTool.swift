import HubMessaging

/// `market_watchlist`: list, add or remove an app of the organization's watchlist over
/// marketd's watchlist calls. Changes preview unless `dry_run=false` and `confirm=true`; the
/// plan's allowance is checked again by marketd in the transaction that inserts, so concurrent
/// adds never pass it, and a preview reserves no place.
struct MarketWatchlistTool: MCPTool {
    /// marketd's longest note, in characters.
    static let maximumNoteLength = 500

    let name = "market_watchlist"
    let title = "Market watchlist"
    let description = """
        Read or change the organization's watchlist. action list answers the apps and the plan's allowance (null: no \
        limit). add and remove take adamId (from the catalog's results) and add an optional note (omitted: the existing \
        note stays). Changes preview (dry_run=true) unless dry_run=false and confirm=true; a preview reserves no place.
        """
    let mutation = MCPMutation.Kind.confirmed

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("action", MCPSchema.string("What to do.", enum: ["list", "add", "remove"])),
                ("adamId", MCPSchema.string("The App Store ID from the catalog's results (add, remove).", minLength: 1, maxLength: 20)),
                ("note", MCPSchema.string("Why the app is watched (add).", maxLength: MarketWatchlistTool.maximumNoteLength)),
            ] + MCPSchema.mutationArguments(confirm: true), required: ["action"])
    }

    static var item: MCPJSON {
        MCPSchema.object(
            [
                ("adamId", MCPSchema.string("The App Store ID.")),
                ("slug", MCPSchema.string("The catalog's slug.")),
                ("name", MCPSchema.string("The app's name.")),
                ("note", MCPSchema.string("The organization's note.", nullable: true)),
                ("addedAt", MCPSchema.string("When it was added.")),
            ], required: ["adamId", "slug", "name", "note", "addedAt"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("action", MCPSchema.string("The action done or previewed.", enum: ["list", "add", "remove"])),
                ("items", MCPSchema.array(MarketWatchlistTool.item, "The watched apps, oldest first (list).")),
                ("allowance", MCPSchema.integer("Apps the plan allows; null: no limit (list).", nullable: true)),
            ] + MCPSchema.mutationResult, required: ["action"])
    }

    func mutates(_ arguments: MCPArguments) -> Bool { arguments.string("action") != "list" }

    func access(_ arguments: MCPArguments) -> MCPAccess { .watchlist }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let action = arguments.string("action") ?? "list"
        let organization = MarketOrganization(organizationId: context.organizationId, plan: context.plan)
        let current = try await context.rpc(.marketd, MarketWatchlistList.self, organization)
        if action == "list" {
            return [
                "action": "list", "items": try MCPJSON(encoding: current.items),
                "allowance": current.allowance.map(MCPJSON.int) ?? .null,
            ]
        }
        guard let adamId = arguments.string("adamId"), adamId.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw MCPToolError.invalidInput(message: "\(action) needs adamId, the numeric App Store ID from the catalog's results.")
        }
        let existing = current.items.first { $0.adamId == adamId }
        let before = try existing.map { try MCPJSON(encoding: $0) } ?? .null
        return action == "add"
            ? try await add(adamId, arguments, context, organization, current, existing, before)
            : try await remove(adamId, arguments, context, existing, before)
    }

    private func add(
        _ adamId: String, _ arguments: MCPArguments, _ context: MCPToolContext, _ organization: MarketOrganization,
        _ current: MarketWatchlistList.Response, _ existing: MarketWatchlistItem?, _ before: MCPJSON
    ) async throws -> MCPJSON {
        let note = arguments.string("note")
        if context.decision == .preview {
            var warnings: [String] = []
            if existing == nil, let allowance = current.allowance, current.items.count >= allowance {
                warnings.append(
                    "The watchlist holds \(current.items.count) of \(allowance) apps: adding answers WATCHLIST_LIMIT until one is removed.")
            }
            if existing != nil { warnings.append("The app is already watched: adding again creates no duplicate.") }
            let after: MCPJSON =
                existing.map { item in
                    var changed = item
                    if let note { changed.note = note }
                    return (try? MCPJSON(encoding: changed)) ?? .null
                } ?? ["adamId": .string(adamId), "note": note.map(MCPJSON.string) ?? .null]
            return .object(
                [("action", "add")]
                    + MCPMutation.result(.preview, before: before, after: after, warnings: warnings, kind: mutation, arguments: arguments))
        }
        let added = try await context.rpc(
            .marketd, MarketWatchlistAdd.self, MarketWatchlistAdd.Request(organization: organization, adamId: adamId, note: note))
        return .object(
            [("action", "add")]
                + MCPMutation.result(
                    .execute, before: before, after: try MCPJSON(encoding: added.item), warnings: [], kind: mutation, arguments: arguments))
    }

    private func remove(
        _ adamId: String, _ arguments: MCPArguments, _ context: MCPToolContext, _ existing: MarketWatchlistItem?, _ before: MCPJSON
    ) async throws -> MCPJSON {
        let warnings = existing == nil ? ["The app is not watched: removing it changes nothing."] : []
        if context.decision == .execute {
            _ = try await context.rpc(
                .marketd, MarketWatchlistRemove.self, MarketWatchlistRemove.Request(organizationId: context.organizationId, adamId: adamId))
        }
        return .object(
            [("action", "remove")]
                + MCPMutation.result(
                    context.decision, before: before, after: .null, warnings: warnings, kind: mutation, arguments: arguments))
    }
}
