import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// ingest and marketd (with `apps` catalog apps collected from the fake feed) and MCP calls to
/// `POST /api/v1/mcp` as an agent sends them, with the operator token unless told.
final class MCPFixture: OperatorAPIClient {
    static let path = "/api/v1/mcp"

    let market: MarketHubFixture
    var hub: HubHarness { market.hub }
    var store: IngestStore { hub.app!.store }
    var clock: ManualClock { market.clock }

    init(environment: [String: String] = [:], apps: Int = 12) throws {
        market = try MarketHubFixture(limit: apps, environment: environment)
        do {
            try market.feed.chart(market.path, ids: MarketHubFixture.ids(Array(1...apps)))
            try market.runPass()
        } catch {
            market.shutdown()
            throw error
        }
    }

    func shutdown() { market.shutdown() }

    /// A body sent as it is.
    func post(
        body: [UInt8], token: String? = OperatorAPI.token, headers: [(String, String)] = [], contentType: String = "application/json"
    ) throws -> HubReply {
        try hub.request(
            "POST", MCPFixture.path, headers: (token.map(OperatorAPI.bearer) ?? []) + headers, body: body, contentType: contentType)
    }

    /// One JSON-RPC message.
    func post(_ message: Any, token: String? = OperatorAPI.token, headers: [(String, String)] = []) throws -> HubReply {
        try post(body: Array(try JSONSerialization.data(withJSONObject: message)), token: token, headers: headers)
    }

    /// A request with id 1.
    func rpc(_ method: String, _ params: [String: Any] = [:], token: String? = OperatorAPI.token, headers: [(String, String)] = [])
        throws -> HubReply
    {
        try post(["jsonrpc": "2.0", "id": 1, "method": method, "params": params], token: token, headers: headers)
    }

    /// `tools/call`; its result, checked to carry the same JSON as `structuredContent` and as its text block.
    func call(
        _ tool: String, _ arguments: [String: Any] = [:], token: String? = OperatorAPI.token, file: StaticString = #filePath,
        line: UInt = #line
    )
        throws -> ToolResult
    {
        try callTool(tool, arguments, token: token, file: file, line: line)
    }

    struct ToolResult {
        let structured: [String: Any]
        let isError: Bool
        var errorCode: String? { (structured["error"] as? [String: Any])?["code"] as? String }
        var diff: [String: Any] { structured["diff"] as? [String: Any] ?? [:] }
        var warnings: [String] { diff["warnings"] as? [String] ?? [] }
    }

    /// A member of the default organization with `role` (owner or admin: members make no
    /// tokens) and a token of `scope` they made; the token's text and the member's ID.
    func memberToken(_ email: String, role: Role, scope: APIToken.Scope) throws -> (token: String, memberId: String) {
        let setup = try store.addUserWithSetupCode(email: email, role: role, organizationSlug: "default")
        let accounts = hub.app!.accounts
        let signedIn = try AdminClient.signedIn(
            try AdminClient.outcome {
                accounts.accept(code: setup.code, name: "Member", password: "correct horse battery", address: "203.0.113.9", completion: $0)
            })
        let token = try store.createToken(name: "agent", scope: scope, by: signedIn.session.actor).token
        return (token, signedIn.session.memberId)
    }

    /// The MCP server of the running hub with other tools and page size, for checks that need a
    /// tool the registry does not hold (a metered one) or short pages.
    func server(tools: [any MCPTool]? = nil, pageSize: Int = MCPServer.defaultPageSize) -> MCPServer {
        let running = hub.app!.routes.mcp.server
        return MCPServer(tools: tools ?? running.tools, prompts: running.prompts, services: running.services, pageSize: pageSize)
    }

    /// The owner token's caller.
    func caller(_ token: String = OperatorAPI.token) throws -> AdminCaller {
        AdminCaller(token: try XCTUnwrap(try store.authenticate(token: token)))
    }
}

extension MCPServer {
    /// One message through the server, waited for with a deadline.
    func answer(_ message: MCPJSON, caller: AdminCaller, file: StaticString = #filePath, line: UInt = #line) throws -> MCPJSON? {
        let done = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        Task {
            box.reply = await handle(message, caller: caller)
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            XCTFail("no answer within 30 s", file: file, line: line)
            return nil
        }
        return box.reply
    }

    private final class AnswerBox: @unchecked Sendable {
        var reply: MCPJSON?
    }
}
