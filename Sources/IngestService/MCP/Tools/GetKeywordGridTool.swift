/// `get_keyword_grid`: the app's tracked keywords as concept rows by country columns
/// (`GET /projects/{id}/aso/grid`); a row's cells come as a list in the columns' order.
struct GetKeywordGridTool: MCPTool {
    let name = "get_keyword_grid"
    let title = "Keyword grid"
    let description = """
        The app's tracked keywords as a grid: one row per localized group (a concept with its term per country) or per \
        term tracked in several countries, one column per country. Each row's cells are the tracked keywords with \
        their latest ranks, in the columns' order; a country with no cell is not tracked for that row.
        """

    var inputSchema: MCPJSON { MCPSchema.object([("app_id", MCPSchema.appId)], required: ["app_id"]) }

    var outputSchema: MCPJSON {
        let row = MCPSchema.object(
            [
                ("groupId", MCPSchema.string("The localized group; null for a term tracked in several countries.", nullable: true)),
                ("concept", MCPSchema.string("The group's concept, or the term.")),
                ("cells", MCPSchema.array(MCPSchema.trackedKeyword, "The row's tracked keywords, one per country.")),
            ], required: ["groupId", "concept", "cells"])
        return MCPSchema.object(
            [
                ("countries", MCPSchema.array(MCPSchema.string("A country code."), "The columns.")),
                ("rows", MCPSchema.array(row, "The rows.")),
            ], required: ["countries", "rows"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let grid = try await context.operatorCall(context.services.asoGroups.grid, path: ["id": arguments.string("app_id") ?? ""])
        let countries = (grid["countries"]?.array ?? []).compactMap(\.string)
        let rows: [MCPJSON] = (grid["rows"]?.array ?? []).map { row in
            [
                "groupId": row["groupId"] ?? .null, "concept": row["concept"] ?? "",
                "cells": .array(countries.compactMap { row["cells"]?[$0] }),
            ]
        }
        return ["countries": .array(countries.map(MCPJSON.string)), "rows": .array(rows)]
    }
}
