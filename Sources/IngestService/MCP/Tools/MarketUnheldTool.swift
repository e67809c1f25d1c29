/// A market tool of the seed whose data the hub does not hold: marketd records no screens,
/// screen images, videos or articles (imported flows carry only their type, date and screen
/// count). Each is listed with the seed's arguments and result so agents can plan with it, and
/// answers `MARKET_UNAVAILABLE` (`MEDIA_UNAVAILABLE` for an image) after its arguments are
/// checked, never an empty list that would pretend nothing exists. The six are in
/// `MarketUnheldTool+Catalog.swift`.
struct MarketUnheldTool: MCPTool {
    let name: String
    let title: String
    let description: String
    let inputSchema: MCPJSON
    let outputSchema: MCPJSON
    let unavailable: MCPToolError

    func access(_ arguments: MCPArguments) -> MCPAccess { .marketStudio }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON { throw unavailable }
}
