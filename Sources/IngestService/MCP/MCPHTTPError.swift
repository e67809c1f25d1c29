import HubHTTPServer

/// A refused MCP request: the HTTP status and headers the transport needs (401 with
/// `WWW-Authenticate: Bearer`, 403, 429 with `Retry-After`, 400, 415) and a JSON-RPC error body,
/// which MCP clients read where they would not read the operator API's envelope.
struct MCPHTTPError: HTTPResponseError, Equatable {
    let status: Int
    let error: MCPRPCError
    var headers: [(String, String)] = []

    static func == (a: MCPHTTPError, b: MCPHTTPError) -> Bool { a.status == b.status && a.error == b.error }

    static var unauthorized: MCPHTTPError {
        MCPHTTPError(
            status: 401,
            error: MCPRPCError(code: MCPRPCError.unauthorizedCode, message: "A live API token is required: Authorization: Bearer an_…"),
            headers: [("WWW-Authenticate", "Bearer")])
    }

    static var foreignOrigin: MCPHTTPError {
        MCPHTTPError(status: 403, error: MCPRPCError(code: MCPRPCError.refusedCode, message: "Origin is not this hub's."))
    }

    static func rateLimited(_ limited: APIError) -> MCPHTTPError {
        MCPHTTPError(
            status: 429, error: MCPRPCError(code: MCPRPCError.refusedCode, message: "Too many requests; retry after Retry-After seconds."),
            headers: limited.headers)
    }

    static func unsupportedVersion(_ version: String) -> MCPHTTPError {
        MCPHTTPError(
            status: 400,
            error: MCPRPCError(
                code: MCPRPCError.invalidRequestCode, message: "Unsupported MCP-Protocol-Version: \(version).",
                data: ["supported": .array(MCPServer.supportedVersions.map(MCPJSON.string))]))
    }

    static var notJSON: MCPHTTPError {
        MCPHTTPError(status: 415, error: .invalidRequest("Content-Type must be application/json."))
    }

    /// A body that is no JSON-RPC message at all: 400 with the JSON-RPC error and a null id.
    static func malformed(_ error: MCPRPCError) -> MCPHTTPError { MCPHTTPError(status: 400, error: error) }

    func response(correlationId: String) -> HTTPResponse {
        var response = HTTPResponse.jsonBytes(Array(error.response(id: .null).text.utf8), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}
