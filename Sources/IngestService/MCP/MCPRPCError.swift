/// A JSON-RPC error answered instead of a result: the protocol refused the message before any
/// tool ran (a tool's own failure is a result with `isError`, `MCPToolError`).
struct MCPRPCError: Error, Equatable {
    let code: Int
    let message: String
    var data: MCPJSON? = nil

    static let parseErrorCode = -32700
    static let invalidRequestCode = -32600
    static let methodNotFoundCode = -32601
    static let invalidParamsCode = -32602
    static let internalErrorCode = -32603
    /// Server-defined (-32000 to -32099): the HTTP request itself was refused (401, 403, 429, 400).
    static let unauthorizedCode = -32001
    static let refusedCode = -32000

    static func parseError() -> MCPRPCError { MCPRPCError(code: parseErrorCode, message: "Parse error: the body is not one JSON value.") }
    static func invalidRequest(_ message: String) -> MCPRPCError { MCPRPCError(code: invalidRequestCode, message: message) }
    static func methodNotFound(_ method: String) -> MCPRPCError {
        MCPRPCError(code: methodNotFoundCode, message: "Method not found: \(method)")
    }
    static func invalidParams(_ message: String, problems: [String] = []) -> MCPRPCError {
        MCPRPCError(
            code: invalidParamsCode, message: message,
            data: problems.isEmpty ? nil : .object([("problems", .array(problems.map(MCPJSON.string)))]))
    }
    static func internalError() -> MCPRPCError { MCPRPCError(code: internalErrorCode, message: "Internal error.") }

    /// `{"jsonrpc":"2.0","id":…,"error":{…}}`.
    func response(id: MCPJSON) -> MCPJSON {
        var error: [(String, MCPJSON)] = [("code", .int(code)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        return .object([("jsonrpc", "2.0"), ("id", id), ("error", .object(error))])
    }
}
