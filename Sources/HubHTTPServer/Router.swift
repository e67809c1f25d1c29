/// Maps a method and path to a handler. Patterns are literal segments and `{name}`
/// segments (one non-empty segment each); when both could match, literal segments win.
/// Routes are registered before the server starts and only read afterwards.
public final class Router: @unchecked Sendable {
    final class Node {
        var literals: [String: Node] = [:]
        var parameter: Node?
        var routes: [String: Route] = [:]
    }

    private let root = Node()
    /// Nodes of patterns without parameters by their exact path: a request whose raw path
    /// needs no decoding is found with one hash instead of a walk.
    private var literalPaths: [String: Node] = [:]

    public init() {}

    /// Registers a synchronous handler, run on the server's pool thread.
    public func add(
        _ method: String, _ pattern: String, maxBodyBytes: Int? = nil, headerCheck: Route.HeaderCheck? = nil,
        _ handler: @escaping (HTTPRequest) throws -> HTTPResponse
    ) {
        insert(method, pattern, maxBodyBytes, headerCheck, .sync(handler))
    }

    /// Registers a handler that answers later through `completion`, from any thread,
    /// without holding a pool thread while it waits.
    public func addAsync(
        _ method: String, _ pattern: String, maxBodyBytes: Int? = nil, headerCheck: Route.HeaderCheck? = nil,
        _ handler: @escaping (HTTPRequest, @escaping (Result<HTTPResponse, Error>) -> Void) -> Void
    ) {
        insert(method, pattern, maxBodyBytes, headerCheck, .async(handler))
    }

    /// The route for `method` and a raw (still percent-encoded) `path`; throws 404
    /// `NOT_FOUND`, or 405 `METHOD_NOT_ALLOWED` with `Allow` when only the method differs.
    public func match(method: String, path: String) throws -> RouteMatch {
        switch lookup(method: method, segments: PercentDecoding.pathSegments(Substring(path))) {
        case .success(let match): return match
        case .failure(let error): throw error
        }
    }

    /// The route for a raw path, trying the exact-path table first.
    func lookup(method: String, rawPath: Substring) -> Result<RouteMatch, APIError> {
        if !rawPath.utf8.contains(37), let node = literalPaths[String(rawPath)],
            let route = node.routes[method] ?? (method == "HEAD" ? node.routes["GET"] : nil)
        {
            return .success(RouteMatch(route: route, parameters: [:]))
        }
        return lookup(method: method, segments: PercentDecoding.pathSegments(rawPath))
    }

    func lookup(method: String, segments: [String]) -> Result<RouteMatch, APIError> {
        var search = Search(method: method, segments: segments)
        if search.visit(root, 0), let route = search.found {
            var parameters: [String: String] = [:]
            for (name, value) in zip(route.parameterNames, search.captures) { parameters[name] = value }
            return .success(RouteMatch(route: route, parameters: parameters))
        }
        if search.allowed.isEmpty { return .failure(.notFound()) }
        return .failure(.methodNotAllowed(allowed: search.allowed.sorted()))
    }

    private func insert(
        _ method: String, _ pattern: String, _ maxBodyBytes: Int?, _ headerCheck: Route.HeaderCheck?,
        _ handler: Route.Handler
    ) {
        precondition(pattern.hasPrefix("/"), "route pattern must start with /: \(pattern)")
        var node = root
        var names: [String] = []
        for segment in pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast())
                precondition(!name.isEmpty, "empty parameter name in \(pattern)")
                names.append(name)
                if node.parameter == nil { node.parameter = Node() }
                node = node.parameter!
            } else {
                let key = String(segment)
                if node.literals[key] == nil { node.literals[key] = Node() }
                node = node.literals[key]!
            }
        }
        if names.isEmpty { literalPaths[pattern] = node }
        let verb = method.uppercased()
        precondition(node.routes[verb] == nil, "duplicate route \(verb) \(pattern)")
        node.routes[verb] = Route(
            method: verb, pattern: pattern, maxBodyBytes: maxBodyBytes, headerCheck: headerCheck,
            parameterNames: names, handler: handler)
    }

    /// Depth-first walk trying literal children before the parameter child, so the first
    /// route found is the most literal one.
    private struct Search {
        let method: String
        let segments: [String]
        var captures: [String] = []
        var allowed: Set<String> = []
        var found: Route?

        init(method: String, segments: [String]) {
            self.method = method
            self.segments = segments
        }

        mutating func visit(_ node: Node, _ depth: Int) -> Bool {
            if depth == segments.count {
                if node.routes.isEmpty { return false }
                if let route = node.routes[method] ?? (method == "HEAD" ? node.routes["GET"] : nil) {
                    found = route
                    return true
                }
                allowed.formUnion(node.routes.keys)
                if node.routes["GET"] != nil { allowed.insert("HEAD") }
                return false
            }
            let segment = segments[depth]
            if let child = node.literals[segment], visit(child, depth + 1) { return true }
            if !segment.isEmpty, let child = node.parameter {
                captures.append(segment)
                if visit(child, depth + 1) { return true }
                captures.removeLast()
            }
            return false
        }
    }
}
