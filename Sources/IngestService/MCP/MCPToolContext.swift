import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// What a tool's `call` works with: who calls (the organization always comes from the token),
/// the organization's plan, whether a mutation previews or executes, and the hub's services.
struct MCPToolContext: Sendable {
    let caller: AdminCaller
    let plan: OrganizationPlan
    /// `.preview` or `.execute` for a mutation (`MCPMutation.decide`); `.execute` for a read.
    let decision: MCPMutation.Decision
    let services: MCPServices

    var store: IngestStore { services.store }
    var organizationId: String { caller.organizationId }

    /// One typed call to a backend; its refusal as the agent's error (`MCPToolError.init`).
    func rpc<M: RPCMessage>(_ daemon: DaemonName, _ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil) async throws
        -> M.Response
    {
        let client = services.backends[daemon]
        let result: Result<M.Response, RPCError> = await withCheckedContinuation { continuation in
            client.call(m, request, timeout: timeout) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let response): return response
        case .failure(let error): throw MCPToolError(APIError.fromBackend(error))
        }
    }

    /// An operator route's handler called as that route would be, with the path parameters,
    /// query and JSON body given here and this caller; its JSON answer. Its refusal is the
    /// agent's error (`MCPToolError.init`), so a tool keeps the operator API's checks as they are.
    func operatorCall(
        _ handler: @escaping (HTTPRequest, AdminCaller, @escaping Route.Completion) throws -> Void, _ method: String = "GET",
        path: [String: String] = [:], query: [(String, String)] = [], body: MCPJSON? = nil
    ) async throws -> MCPJSON {
        let request = MCPToolContext.request(method, path: path, query: query, body: body)
        let caller = self.caller
        let result: Result<HTTPResponse, Error> = await withCheckedContinuation { continuation in
            do {
                try handler(request, caller) { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        return try MCPToolContext.json(result)
    }

    /// The same for a handler that answers on the calling thread.
    func operatorCall(
        _ handler: (HTTPRequest, AdminCaller) throws -> HTTPResponse, _ method: String = "GET", path: [String: String] = [:],
        query: [(String, String)] = [], body: MCPJSON? = nil
    ) throws -> MCPJSON {
        let request = MCPToolContext.request(method, path: path, query: query, body: body)
        return try MCPToolContext.json(Result { try handler(request, caller) })
    }

    private static func request(_ method: String, path: [String: String], query: [(String, String)], body: MCPJSON?) -> HTTPRequest {
        var headers = HTTPHeaders()
        if body != nil { headers.append(name: "Content-Type", value: "application/json") }
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
        let raw = query.map { encoded($0.0) + "=" + encoded($0.1) }.joined(separator: "&")
        return HTTPRequest(
            method: method, path: "/mcp", rawQuery: query.isEmpty ? nil : raw, headers: headers,
            body: body.map { Array($0.text.utf8) } ?? [], pathParameters: path)
    }

    private static func json(_ result: Result<HTTPResponse, Error>) throws -> MCPJSON {
        switch result {
        case .success(let response):
            guard (200..<300).contains(response.status) else { throw MCPToolError.internalFailure }
            if response.body.isEmpty { return .object([]) }
            guard let json = MCPJSON.parse(response.body) else { throw MCPToolError.internalFailure }
            return json
        case .failure(let error as APIError): throw MCPToolError(error)
        case .failure(let error as MCPToolError): throw error
        case .failure: throw MCPToolError.internalFailure
        }
    }
}
