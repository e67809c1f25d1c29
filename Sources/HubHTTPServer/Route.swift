/// One registered method and pattern.
public struct Route {
    public typealias Completion = (Result<HTTPResponse, Error>) -> Void
    public typealias SyncHandler = (HTTPRequest) throws -> HTTPResponse
    public typealias AsyncHandler = (HTTPRequest, @escaping Completion) -> Void
    /// Checks a request from its head alone (method, path, query, headers, client address;
    /// the body is still empty): run before any body byte is read, so a request refused for
    /// its token, signature, App ID or rate limit never costs its body.
    public typealias HeaderCheck = (HTTPRequest) throws -> Void

    enum Handler {
        case sync(SyncHandler)
        case async(AsyncHandler)
    }

    public let method: String
    /// The pattern as registered, e.g. `/api/v1/ideas/{handle}`; the route's label in logs
    /// and metrics.
    public let pattern: String
    /// Overrides the server's default body limit when set.
    public let maxBodyBytes: Int?
    /// Runs on the request head when a body follows; the handler still checks everything.
    public let headerCheck: HeaderCheck?
    /// Names of the `{name}` segments, in path order.
    public let parameterNames: [String]
    let handler: Handler
}

/// A route chosen for a request, with the values of its `{name}` segments.
public struct RouteMatch {
    public let route: Route
    public let parameters: [String: String]
}
