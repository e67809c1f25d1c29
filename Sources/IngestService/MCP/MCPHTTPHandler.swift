import Dashboard
import HubHTTPServer
import HubRuntime

/// `POST /api/v1/mcp`, MCP's Streamable HTTP transport answered with `application/json` (no
/// event stream: every answer is one JSON-RPC response, and a notification is 202 with no
/// body). Who is asking is decided from the head before the body is read: an `Origin` that is
/// not the hub's own (403), a live API token of either scope (401 with `WWW-Authenticate`), the
/// token's request budget (429). A `MCP-Protocol-Version` that is sent must be supported (400),
/// checked with the message.
struct MCPHTTPHandler: Sendable {
    let server: MCPServer
    let auth: AdminAuth
    let requests: RateLimiter
    let publicURL: String?

    /// The route's head check: refuses without taking from the budget.
    var head: Route.HeaderCheck {
        { request in _ = try admit(request, spend: false) }
    }

    func post(_ request: HTTPRequest, _ respond: @escaping Route.Completion) {
        let caller: AdminCaller
        let message: MCPJSON
        do {
            caller = try admit(request, spend: true)
            try auth.recordUse(caller.token)
            guard request.hasJSONContentType else { throw MCPHTTPError.notJSON }
            guard let parsed = MCPJSON.parse(request.body) else { throw MCPHTTPError.malformed(.parseError()) }
            // Revisions 2025-06-18 and later removed JSON-RPC batches.
            if case .array = parsed {
                throw MCPHTTPError.malformed(.invalidRequest("Batches are not supported; send one message per request."))
            }
            // A newer revision's probe (`server/discover` with its own version) must read as a
            // method this server lacks, so the client falls back to initialize; any other
            // message under an unsupported version is 400.
            if let version = request.headers["mcp-protocol-version"], !MCPServer.supportedVersions.contains(version),
                parsed["method"]?.string.map(MCPServer.methods.contains) ?? true
            {
                throw MCPHTTPError.unsupportedVersion(version)
            }
            message = parsed
        } catch {
            respond(.failure(error))
            return
        }
        let server = self.server
        Task {
            guard let reply = await server.handle(message, caller: caller) else {
                respond(.success(HTTPResponse(status: 202)))
                return
            }
            respond(.success(.jsonBytes(Array(reply.text.utf8))))
        }
    }

    /// The caller of an admitted request. `spend` takes one request from the token's budget;
    /// the head only checks it, so a request is counted once.
    func admit(_ request: HTTPRequest, spend: Bool) throws -> AdminCaller {
        if let origin = request.headers["origin"], !isOwnOrigin(origin, request) { throw MCPHTTPError.foreignOrigin }
        guard let token = try auth.liveToken(request) else { throw MCPHTTPError.unauthorized }
        do {
            if spend { try requests.consume(token.id) } else { try requests.check(token.id) }
        } catch let limited as APIError {
            throw MCPHTTPError.rateLimited(limited)
        }
        return AdminCaller(token: token)
    }

    /// Whether `origin` is the hub's own: `APPNORTH_PUBLIC_URL`'s scheme and authority, else the
    /// scheme and `Host` the request came with, compared with default ports explicit and case folded.
    func isOwnOrigin(_ origin: String, _ request: HTTPRequest) -> Bool {
        let base = SameOrigin.origin(of: request, publicURL: publicURL)
        // A public URL may carry a path; its origin is what comes before it.
        let schemeEnd = base.range(of: "://")?.upperBound ?? base.startIndex
        let own = base[schemeEnd...].firstIndex(of: "/").map { String(base[..<$0]) } ?? base
        guard let sent = OriginCheck.normalize(origin), let expected = OriginCheck.normalize(own) else { return false }
        return sent == expected
    }
}
