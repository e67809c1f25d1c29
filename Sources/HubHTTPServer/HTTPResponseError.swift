/// An error that renders its own response, for a route whose errors have another shape than
/// `APIError`'s envelope (the MCP server answers JSON-RPC error bodies, even to a refused
/// head). Thrown from a handler or a `Route.HeaderCheck`.
public protocol HTTPResponseError: Error {
    func response(correlationId: String) -> HTTPResponse
}
