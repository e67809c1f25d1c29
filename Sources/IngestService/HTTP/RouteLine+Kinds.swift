import HubHTTPServer

/// The kinds of route table line, one per audience and way of answering. Public lines name
/// the budgets their handler spends; the hub's own and operator lines spend none.
extension RouteLine {
    static func hubSync(_ method: String, _ path: String, _ handler: @escaping Route.SyncHandler, body: BodyLimit) -> RouteLine {
        RouteLine(method: method, path: path, kind: .hubSync(handler), body: body, rate: [], head: nil)
    }

    static func hubAsync(_ method: String, _ path: String, _ handler: @escaping Route.AsyncHandler, body: BodyLimit) -> RouteLine {
        RouteLine(method: method, path: path, kind: .hubAsync(handler), body: body, rate: [], head: nil)
    }

    static func publicSync(
        _ method: String, _ path: String, _ handler: @escaping Route.SyncHandler, body: BodyLimit,
        rate: [RateLimits.Name], head: Route.HeaderCheck? = nil
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .publicSync(handler), body: body, rate: rate, head: head)
    }

    static func publicAsync(
        _ method: String, _ path: String,
        _ handler: @escaping (HTTPRequest, @escaping Route.Completion) throws -> Void, body: BodyLimit,
        rate: [RateLimits.Name], head: Route.HeaderCheck? = nil
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .publicAsync(handler), body: body, rate: rate, head: head)
    }

    static func communityWrite(
        _ method: String, _ path: String,
        _ prepare: @escaping (HTTPRequest) throws -> () throws -> CommunityHTTP.Written, body: BodyLimit,
        rate: [RateLimits.Name], head: Route.HeaderCheck?
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .communityWrite(prepare), body: body, rate: rate, head: head)
    }

    static func operatorSync(
        _ method: String, _ path: String, _ handler: @escaping (HTTPRequest, AdminCaller) throws -> HTTPResponse,
        body: BodyLimit
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .operatorSync(handler), body: body, rate: [], head: nil)
    }

    /// `head` replaces the token check on the head; it must authenticate too.
    static func operatorAsync(
        _ method: String, _ path: String,
        _ handler: @escaping (HTTPRequest, AdminCaller, @escaping Route.Completion) throws -> Void,
        body: BodyLimit, head: Route.HeaderCheck? = nil
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .operatorAsync(handler), body: body, rate: [], head: head)
    }

    /// `head` authenticates the token (and whatever else the route decides from the head).
    static func tokenAsync(
        _ method: String, _ path: String, _ handler: @escaping Route.AsyncHandler, body: BodyLimit, rate: [RateLimits.Name],
        head: @escaping Route.HeaderCheck
    ) -> RouteLine {
        RouteLine(method: method, path: path, kind: .tokenAsync(handler), body: body, rate: rate, head: head)
    }
}
