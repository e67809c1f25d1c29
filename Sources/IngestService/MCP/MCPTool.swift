/// One MCP tool (docs/mcp.md, "Adding a tool"): one type per tool in `MCP/Tools/`, listed once in
/// `MCPToolRegistry.all`. The server validates the arguments against `inputSchema`, refuses what
/// the plan does not include (`access`), decides preview or execution for a mutation, reserves
/// the call's credit or daily read, and only then calls `call`; what `call` returns must conform
/// to `outputSchema` and becomes both `structuredContent` and the text block.
protocol MCPTool: Sendable {
    /// The seed's name, `snake_case`.
    var name: String { get }
    var title: String { get }
    /// What the tool does and returns, for the agent choosing it.
    var description: String { get }
    /// An object schema (`MCPSchema.object`); a mutation includes `MCPSchema.mutationArguments`.
    var inputSchema: MCPJSON { get }
    /// An object schema of what `call` returns; a metered tool includes `credits` or `daily`
    /// (`MCPSchema.credits`, `MCPSchema.daily`), which the server fills in.
    var outputSchema: MCPJSON { get }
    /// Whether the tool changes anything, and whether executing needs `confirm=true`.
    var mutation: MCPMutation.Kind { get }
    /// Whether this call changes anything; a tool with `mutation` other than `.none` may still
    /// read for some arguments (`market_watchlist`'s `list`).
    func mutates(_ arguments: MCPArguments) -> Bool
    /// What the organization's plan must include, and what a call costs.
    func access(_ arguments: MCPArguments) -> MCPAccess
    /// Problems of arguments that passed `inputSchema` but not the operator API's own checks
    /// (a storefront in capitals, a genre that is not a number), each as
    /// `arguments.<name> <problem>`: the server answers them with -32602 before the meter, so a
    /// call refused for its arguments costs nothing.
    func argumentProblems(_ arguments: MCPArguments) -> [String]
    /// The work, with arguments that passed `inputSchema`. Throws `MCPToolError` (or an
    /// operator `APIError`, mapped by `MCPToolError.init`) for a failure the agent should read.
    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON
}

extension MCPTool {
    var mutation: MCPMutation.Kind { .none }
    func mutates(_ arguments: MCPArguments) -> Bool { mutation != .none }
    func access(_ arguments: MCPArguments) -> MCPAccess { .app }
    func argumentProblems(_ arguments: MCPArguments) -> [String] { [] }

    /// The entry of `tools/list`.
    var listing: MCPJSON {
        var annotations: [(String, MCPJSON)] = [("title", .string(title)), ("readOnlyHint", .bool(mutation == .none))]
        if mutation != .none { annotations.append(("destructiveHint", false)) }
        annotations.append(("openWorldHint", false))
        return .object([
            ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
            ("inputSchema", inputSchema), ("outputSchema", outputSchema), ("annotations", .object(annotations)),
        ])
    }
}
