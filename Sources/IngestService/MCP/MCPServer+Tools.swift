import HubHTTPServer
import HubRuntime

/// `tools/call`: the order every call goes through, so each tool only does its own work.
extension MCPServer {
    func callTool(_ params: MCPJSON, caller: AdminCaller) async throws -> MCPJSON {
        guard let name = params["name"]?.string, let tool = tools.first(where: { $0.name == name }) else {
            throw MCPRPCError.invalidParams("Unknown tool: \(params["name"]?.string ?? "(none)").")
        }
        let raw = params["arguments"] ?? .object([])
        let problems = MCPSchemaValidator.problems(raw == .null ? .object([]) : raw, tool.inputSchema)
        guard problems.isEmpty else { throw MCPRPCError.invalidParams("Invalid arguments for \(name).", problems: problems) }
        let arguments = MCPArguments(raw == .null ? .object([]) : raw)
        let checked = tool.argumentProblems(arguments)
        guard checked.isEmpty else { throw MCPRPCError.invalidParams("Invalid arguments for \(name).", problems: checked) }
        do {
            // Refusals first, in the order that costs nothing: plan, permission, then the meter.
            let plan = try services.store.organization(id: caller.organizationId)?.entitlements ?? .selfhosted
            let charge = try tool.access(arguments).charge(on: plan)
            let decision = try MCPMutation.decide(tool.mutates(arguments) ? tool.mutation : .none, arguments, caller)
            let metered = try services.meter.reserve(charge, organizationId: caller.organizationId, plan: plan)
            let context = MCPToolContext(caller: caller, plan: plan, decision: decision, services: services)
            var result = try await tool.call(arguments, context)
            for (key, value) in metered { result = result.setting(key, value) }
            return MCPServer.toolResult(result, isError: false)
        } catch let error as MCPToolError {
            if error == .internalFailure { services.logger.error("mcp tool failed", ["tool": name]) }
            return MCPServer.toolResult(error.structured, isError: true)
        } catch let error as APIError {
            return MCPServer.toolResult(MCPToolError(error).structured, isError: true)
        } catch {
            services.logger.error("mcp tool failed", ["tool": name, "error": String(describing: error)])
            return MCPServer.toolResult(MCPToolError.internalFailure.structured, isError: true)
        }
    }

    /// `structuredContent` and the same JSON as the text block.
    static func toolResult(_ structured: MCPJSON, isError: Bool) -> MCPJSON {
        .object([
            ("content", .array([.object([("type", "text"), ("text", .string(structured.text))])])),
            ("structuredContent", structured), ("isError", .bool(isError)),
        ])
    }
}
