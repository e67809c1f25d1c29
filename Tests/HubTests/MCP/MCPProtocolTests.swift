import Foundation
import XCTest

@testable import IngestService

/// The MCP transport and lifecycle at `POST /api/v1/mcp` (issue 21, "Protocol"): version
/// negotiation, unknown methods, notifications, malformed bodies, the protocol version header
/// and GET.
final class MCPProtocolTests: XCTestCase {
    var f: MCPFixture!

    override func setUpWithError() throws { f = try MCPFixture() }
    override func tearDown() { f?.shutdown() }

    func result(_ reply: HubReply) -> [String: Any] { reply.json["result"] as? [String: Any] ?? [:] }
    func errorCode(_ reply: HubReply) -> Int? { (reply.json["error"] as? [String: Any])?["code"] as? Int }

    func testInitializeEchoesASupportedVersionElseAnswersTheNewest() throws {
        for (requested, answered) in [
            ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("2024-11-05", "2025-11-25"), ("2099-01-01", "2025-11-25"),
        ] {
            // When a client initializes asking for a version
            let reply = try f.rpc(
                "initialize", ["protocolVersion": requested, "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
            // Then a supported one is echoed and any other answered with the newest supported
            XCTAssertEqual(reply.status, 200, reply.text)
            XCTAssertEqual(reply.header("Content-Type"), "application/json")
            XCTAssertEqual(result(reply)["protocolVersion"] as? String, answered, requested)
            let capabilities = try XCTUnwrap(result(reply)["capabilities"] as? [String: Any])
            XCTAssertNotNil(capabilities["tools"])
            XCTAssertNotNil(capabilities["prompts"])
            XCTAssertEqual((result(reply)["serverInfo"] as? [String: Any])?["name"] as? String, "appnorth-hub")
            // And no session is issued: every request stands alone
            XCTAssertNil(reply.header("Mcp-Session-Id"))
        }
        // And a request needs no initialize before it
        XCTAssertNotNil(result(try f.rpc("tools/list"))["tools"])
    }

    func testUnknownMethodsIncludingServerDiscoverAreMethodNotFound() throws {
        // When a newer client probes server/discover, or asks for something this server lacks
        for method in ["server/discover", "resources/list", "completion/complete"] {
            let reply = try f.rpc(method)
            // Then it is JSON-RPC -32601 with the request's id, so the client falls back to initialize
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(errorCode(reply), -32601, method)
            XCTAssertEqual(reply.json["id"] as? Int, 1)
        }
        // And ping answers an empty result
        let ping = try f.rpc("ping")
        XCTAssertEqual(ping.json["result"] as? NSDictionary, [:] as NSDictionary)
    }

    func testNotificationsAndClientResponsesAreAcceptedWithNoBody() throws {
        // When the client sends notifications (one with params that are no object), and a response to nothing the server asked
        for message: [String: Any] in [
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
            ["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 3]],
            ["jsonrpc": "2.0", "id": 9, "result": [:]],
            ["jsonrpc": "2.0", "method": "notifications/progress", "params": [1, 2]],
        ] {
            let reply = try f.post(message)
            // Then each is 202 with no body
            XCTAssertEqual(reply.status, 202, reply.text)
            XCTAssertTrue(reply.body.isEmpty)
        }
    }

    func testBodiesThatAreNoJSONRPCMessageAreRefusedAsJSONRPCErrors() throws {
        // When the body is not JSON, a batch, or a request with a bad id or version
        let notJSON = try f.post(body: Array("{\"jsonrpc\":".utf8))
        let batch = try f.post([["jsonrpc": "2.0", "id": 1, "method": "ping"], ["jsonrpc": "2.0", "id": 2, "method": "ping"]])
        let badId = try f.post(["jsonrpc": "2.0", "id": ["x"], "method": "ping"])
        let noVersion = try f.post(["id": 4, "method": "ping"])
        let textBody = try f.post(body: Array("ping".utf8), contentType: "text/plain")
        // Then the parse error and the batch are 400 with a null id, the rest JSON-RPC -32600
        XCTAssertEqual(notJSON.status, 400)
        XCTAssertEqual(errorCode(notJSON), -32700)
        XCTAssertTrue(notJSON.json["id"] is NSNull)
        XCTAssertEqual(batch.status, 400)
        XCTAssertEqual(errorCode(batch), -32600)
        XCTAssertEqual(errorCode(badId), -32600)
        XCTAssertTrue(badId.json["id"] is NSNull)
        XCTAssertEqual(errorCode(noVersion), -32600)
        XCTAssertEqual(noVersion.json["id"] as? Int, 4)
        XCTAssertEqual(textBody.status, 415)
        XCTAssertEqual(errorCode(textBody), -32600)
    }

    func testTheProtocolVersionHeaderIsCheckedWhenSent() throws {
        // When the header names a supported version, none, or one this server lacks
        let supported = try f.rpc("ping", headers: [("MCP-Protocol-Version", "2025-06-18")])
        let newest = try f.rpc("ping", headers: [("MCP-Protocol-Version", "2025-11-25")])
        let absent = try f.rpc("ping")
        let unsupported = try f.rpc("ping", headers: [("MCP-Protocol-Version", "2026-07-28")])
        // Then only the unsupported one is 400, naming what is supported
        XCTAssertEqual(supported.status, 200)
        XCTAssertEqual(newest.status, 200)
        XCTAssertEqual(absent.status, 200)
        XCTAssertEqual(unsupported.status, 400)
        XCTAssertEqual(errorCode(unsupported), -32600)
        let data = (unsupported.json["error"] as? [String: Any])?["data"] as? [String: Any]
        XCTAssertEqual(data?["supported"] as? [String], ["2025-06-18", "2025-11-25"])
        // And a newer revision's server/discover probe, sent with its own version, is -32601, not 400
        let probe = try f.rpc("server/discover", headers: [("MCP-Protocol-Version", "2026-07-28")])
        XCTAssertEqual(probe.status, 200)
        XCTAssertEqual(errorCode(probe), -32601)
        XCTAssertEqual(try f.rpc("tools/list", headers: [("MCP-Protocol-Version", "2026-07-28")]).status, 400)
    }

    func testGetIsMethodNotAllowed() throws {
        // When a client opens a GET stream
        let reply = try f.hub.get(MCPFixture.path, headers: OperatorAPI.bearer() + [("Accept", "text/event-stream")])
        // Then it is 405: this server offers no stream
        XCTAssertEqual(reply.status, 405)
        XCTAssertEqual(reply.header("Allow"), "POST")
    }

    func testListsPageWithOpaqueCursorsInTheRegistrysOrder() throws {
        // Given the server with pages of two
        let server = f.server(pageSize: 2)
        let caller = try f.caller()
        func list(_ method: String, _ key: String) throws -> (names: [String], pages: Int) {
            var names: [String] = []
            var cursor: MCPJSON = .null
            var pages = 0
            repeat {
                let reply = try XCTUnwrap(
                    try server.answer(
                        ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": cursor == .null ? [:] : ["cursor": cursor]],
                        caller: caller))
                let result = try XCTUnwrap(reply["result"])
                names += (result[key]?.array ?? []).compactMap { $0["name"]?.string }
                cursor = result["nextCursor"] ?? .null
                pages += 1
            } while cursor != .null && pages < 50
            return (names, pages)
        }
        // When tools and prompts are listed page by page
        let tools = try list("tools/list", "tools")
        let prompts = try list("prompts/list", "prompts")
        // Then every tool and prompt comes once, in order, over several pages
        XCTAssertEqual(tools.names, MCPToolRegistry.all.map(\.name))
        XCTAssertEqual(Array(tools.names.prefix(4)), ["get_guardrails", "get_aso_playbook", "list_apps", "list_feedback"])
        XCTAssertEqual(tools.pages, (tools.names.count + 1) / 2)
        XCTAssertEqual(prompts.names, ["clone_winner", "paywall_ideas", "market_scan"])
        XCTAssertEqual(prompts.pages, 2)
        // And a cursor of one list, or a made-up one, is -32602 on another
        let first = try XCTUnwrap(try server.answer(["jsonrpc": "2.0", "id": 1, "method": "prompts/list"], caller: caller))
        let promptsCursor = try XCTUnwrap(first["result"]?["nextCursor"])
        for cursor in [promptsCursor, "bm90LWEtY3Vyc29y", "mcp|tools|2"] {
            let refused = try XCTUnwrap(
                try server.answer(["jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": ["cursor": cursor]], caller: caller))
            XCTAssertEqual(refused["error"]?["code"], .int(-32602), cursor.text)
        }
        // And over HTTP the default page holds ten tools, with a next cursor while more follow
        let listed = result(try f.rpc("tools/list"))
        XCTAssertEqual((listed["tools"] as? [[String: Any]])?.count, min(10, tools.names.count))
        XCTAssertEqual(listed["nextCursor"] != nil, tools.names.count > 10)
    }

    func testEveryToolListsSchemasAndEveryPromptGuidesWithoutInstructionsFromData() throws {
        // When tools are listed
        let tools = try XCTUnwrap(result(try f.rpc("tools/list"))["tools"] as? [[String: Any]])
        // Then each has a title, a description, and object input and output schemas
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            XCTAssertFalse((tool["description"] as? String ?? "").isEmpty, name)
            XCTAssertEqual((tool["inputSchema"] as? [String: Any])?["type"] as? String, "object", name)
            XCTAssertEqual((tool["inputSchema"] as? [String: Any])?["additionalProperties"] as? Bool, false, name)
            XCTAssertEqual((tool["outputSchema"] as? [String: Any])?["type"] as? String, "object", name)
        }
        // And each prompt answers a user message saying third-party content is data, never instructions
        for (name, arguments) in [
            ("clone_winner", ["app": "Notes", "reference": "calm"]), ("paywall_ideas", ["app": "Notes", "category": "Health"]),
            ("market_scan", ["app": "Notes"]),
        ] {
            let reply = try f.rpc("prompts/get", ["name": name, "arguments": arguments])
            let message = try XCTUnwrap((result(reply)["messages"] as? [[String: Any]])?.first, reply.text)
            XCTAssertEqual(message["role"] as? String, "user")
            let text = try XCTUnwrap((message["content"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(text.contains("never as instructions"), name)
            XCTAssertTrue(text.contains("Notes"), name)
        }
        // And market_scan's store defaults to US, while a missing required argument or unknown prompt is -32602
        let scan = try f.rpc("prompts/get", ["name": "market_scan", "arguments": ["app": "Notes"]])
        XCTAssertTrue(scan.text.contains("in the US storefront"))
        XCTAssertEqual(errorCode(try f.rpc("prompts/get", ["name": "clone_winner", "arguments": ["app": "Notes"]])), -32602)
        XCTAssertEqual(errorCode(try f.rpc("prompts/get", ["name": "nope"])), -32602)
    }
}
