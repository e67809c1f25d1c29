import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// ingest and marketd (with `apps` catalog apps collected from the fake feed) and MCP calls to
/// `POST /api/v1/mcp` as an agent sends them, with the operator token unless told.
final class MCPFixture: MCPCalling {
    static let path = MCPToolResult.path
    typealias ToolResult = MCPToolResult

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
