import Foundation
import XCTest

/// A fixture whose hub answers `POST /api/v1/mcp`: MCP calls as an agent sends them, with the
/// operator token unless told. `MCPFixture` (ingest and marketd), `ASCFixture` (ingest and
/// asod before the fake App Store Connect) and `ASOHubFixture` (ingest and asod before the fake
/// iTunes search) all call tools this way.
protocol MCPCalling: OperatorAPIClient {}

extension MCPCalling {
    /// A body sent as it is.
    func post(
        body: [UInt8], token: String? = OperatorAPI.token, headers: [(String, String)] = [], contentType: String = "application/json"
    ) throws -> HubReply {
        try hub.request(
            "POST", MCPToolResult.path, headers: (token.map(OperatorAPI.bearer) ?? []) + headers, body: body, contentType: contentType)
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
        throws -> MCPToolResult
    {
        let reply = try rpc("tools/call", ["name": tool, "arguments": arguments], token: token)
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        let result = try XCTUnwrap(reply.json["result"] as? [String: Any], reply.text, file: file, line: line)
        let structured = try XCTUnwrap(result["structuredContent"] as? [String: Any], reply.text, file: file, line: line)
        let content = try XCTUnwrap((result["content"] as? [[String: Any]])?.first, file: file, line: line)
        XCTAssertEqual(content["type"] as? String, "text", file: file, line: line)
        let text = try XCTUnwrap(content["text"] as? String, file: file, line: line)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, file: file, line: line)
        XCTAssertEqual(parsed, structured as NSDictionary, "the text block holds structuredContent", file: file, line: line)
        return MCPToolResult(structured: structured, isError: result["isError"] as? Bool ?? false)
    }

    /// The JSON-RPC error code of a `tools/call` the server refused before the tool ran (-32602).
    func refusal(_ tool: String, _ arguments: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> Int? {
        let reply = try rpc("tools/call", ["name": tool, "arguments": arguments])
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        return (reply.json["error"] as? [String: Any])?["code"] as? Int
    }
}

/// A `tools/call` result.
struct MCPToolResult {
    static let path = "/api/v1/mcp"

    let structured: [String: Any]
    let isError: Bool
    var errorCode: String? { (structured["error"] as? [String: Any])?["code"] as? String }
    var diff: [String: Any] { structured["diff"] as? [String: Any] ?? [:] }
    var warnings: [String] { diff["warnings"] as? [String] ?? [] }
}

extension ASCFixture: MCPCalling {}
extension ASOHubFixture: MCPCalling {}
