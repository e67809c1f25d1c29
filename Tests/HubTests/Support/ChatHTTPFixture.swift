import Foundation
import XCTest

@testable import IngestService

/// ingest and chatd in this process, one project created through the operator API, and the
/// public chat routes as the SDK calls them.
final class ChatHTTPFixture: OperatorAPIClient, PublicAPIClient {
    let hub: HubHarness
    let projectId: String
    let appId: String

    init(chatMode: String = "anyone") throws {
        hub = try HubHarness(environment: OperatorAPI.environment(["APPNORTH_RPC_TIMEOUT_MS": "1000"]))
        try hub.start([.ingest, .chatd])
        (projectId, appId) = try hub.newProject(chatMode: chatMode)
    }

    func shutdown() { hub.shutdown() }

    /// A POST as the native SDK sends it: without `Origin` unless one is given.
    func post(
        _ path: String, _ body: Any, token: String? = PublicAPI.voterToken, key: String? = nil,
        origin: String? = nil, headers: [(String, String)] = []
    ) throws -> HubReply {
        try send("POST", path, body, token: token, key: key, origin: origin, headers: headers)
    }

    /// A user message; its JSON.
    @discardableResult
    func send(_ body: String, token: String? = PublicAPI.voterToken, headers: [(String, String)] = []) throws -> [String: Any] {
        let reply = try post("/chat/messages", ["body": body], token: token, headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return reply.json
    }

    func hasUnread(token: String? = PublicAPI.voterToken) throws -> Bool? {
        let reply = try get("/chat/status", token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["available"] as? Bool, true)
        return reply.json["hasUnread"] as? Bool
    }

    func messages(token: String? = PublicAPI.voterToken, after: String? = nil) throws -> [[String: Any]] {
        let reply = try get("/chat/messages", after.map { ["after": $0] } ?? [:], token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["messages"] as? [[String: Any]] ?? []
    }

    /// The project's conversations as the operator lists them.
    func conversations(_ query: String = "") throws -> [[String: Any]] {
        let reply = try call("GET", "/projects/\(projectId)/conversations" + query)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.items
    }

    /// The only conversation's ID.
    func conversationId() throws -> String {
        let items = try conversations()
        XCTAssertEqual(items.count, 1)
        return try XCTUnwrap(items.first?["id"] as? String)
    }
}
