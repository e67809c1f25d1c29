import Foundation
import XCTest

/// MCP tool calls on any hub running ingest, as an agent sends them (the ASC and ASO fixtures
/// as much as `MCPFixture`), each checked to carry the same JSON as `structuredContent` and as
/// its text block.
extension OperatorAPIClient {
    /// `tools/call` with id 1; its result.
    func callTool(
        _ tool: String, _ arguments: [String: Any] = [:], token: String? = OperatorAPI.token, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> MCPFixture.ToolResult {
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": tool, "arguments": arguments],
        ]
        let reply = try hub.request(
            "POST", MCPFixture.path, headers: token.map(OperatorAPI.bearer) ?? [],
            body: Array(try JSONSerialization.data(withJSONObject: message)), contentType: "application/json")
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        let result = try XCTUnwrap(reply.json["result"] as? [String: Any], reply.text, file: file, line: line)
        let structured = try XCTUnwrap(result["structuredContent"] as? [String: Any], reply.text, file: file, line: line)
        let content = try XCTUnwrap((result["content"] as? [[String: Any]])?.first, file: file, line: line)
        XCTAssertEqual(content["type"] as? String, "text", file: file, line: line)
        let text = try XCTUnwrap(content["text"] as? String, file: file, line: line)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, file: file, line: line)
        XCTAssertEqual(parsed, structured as NSDictionary, "the text block holds structuredContent", file: file, line: line)
        return MCPFixture.ToolResult(structured: structured, isError: result["isError"] as? Bool ?? false)
    }

    /// The JSON-RPC error code of a `tools/call` refused before the tool runs (-32602 for arguments).
    func toolCallRefusal(_ tool: String, _ arguments: [String: Any]) throws -> Int? {
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": tool, "arguments": arguments],
        ]
        let reply = try hub.request(
            "POST", MCPFixture.path, headers: OperatorAPI.bearer(OperatorAPI.token),
            body: Array(try JSONSerialization.data(withJSONObject: message)), contentType: "application/json")
        return (reply.json["error"] as? [String: Any])?["code"] as? Int
    }
}
