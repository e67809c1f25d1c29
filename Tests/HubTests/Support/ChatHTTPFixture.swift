import Foundation
import XCTest
@testable import IngestService
@testable import HubCrypto
@testable import HubRuntime

/// ingest and chatd in this process, one project created through the operator API, and the
/// public chat routes as the SDK calls them.
final class ChatHTTPFixture {
    static let origin = "http://localhost"
    static let adminToken = "an_" + String(repeating: "c", count: 40)
    let hub: HubHarness
    let projectId: String
    let appId: String

    typealias Reply = CommunityFixture.Reply

    init(chatMode: String = "anyone") throws {
        hub = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": ChatHTTPFixture.adminToken, "APPNORTH_RPC_TIMEOUT_MS": "1000"])
        try hub.start([.ingest, .chatd])
        let created = try hub.request("POST", "/api/admin/v1/projects", headers: ChatHTTPFixture.bearer,
                                      json: ["name": "App", "allowedOrigins": [ChatHTTPFixture.origin], "chatMode": chatMode])
        let json = try hub.json(created)
        XCTAssertEqual(created.status, 201, "\(json)")
        projectId = try XCTUnwrap(json["id"] as? String)
        appId = try XCTUnwrap(json["appId"] as? String)
    }

    func shutdown() { hub.shutdown() }

    static let bearer = [("Authorization", "Bearer " + adminToken)]

    func url(_ path: String, _ query: [String: String], token: String?) -> String {
        var items = query
        items["app_id"] = appId
        if let token { items["voter_token"] = token }
        let encoded = items.sorted { $0.key < $1.key }.map {
            $0.key + "=" + ($0.value.addingPercentEncoding(withAllowedCharacters: CommunityFixture.unreserved) ?? "")
        }
        return "/api/v1" + path + "?" + encoded.joined(separator: "&")
    }

    func get(_ path: String, _ query: [String: String] = [:], token: String? = CommunityFixture.voterToken,
             headers: [(String, String)] = []) throws -> Reply {
        let response = try hub.request("GET", url(path, query, token: token), headers: headers)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    func post(_ path: String, _ body: Any, token: String? = CommunityFixture.voterToken, key: String? = nil,
              origin: String? = nil, headers: [(String, String)] = []) throws -> Reply {
        var all = headers
        if let origin { all.append(("Origin", origin)) }
        if let key { all.append(("Idempotency-Key", key)) }
        let response = try hub.request("POST", url(path, [:], token: token), headers: all, json: body)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    /// A user message; its JSON.
    @discardableResult
    func send(_ body: String, token: String? = CommunityFixture.voterToken, headers: [(String, String)] = []) throws -> [String: Any] {
        let reply = try post("/chat/messages", ["body": body], token: token, headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return reply.json
    }

    func hasUnread(token: String? = CommunityFixture.voterToken) throws -> Bool? {
        let reply = try get("/chat/status", token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["available"] as? Bool, true)
        return reply.json["hasUnread"] as? Bool
    }

    func messages(token: String? = CommunityFixture.voterToken, after: String? = nil) throws -> [[String: Any]] {
        let reply = try get("/chat/messages", after.map { ["after": $0] } ?? [:], token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["messages"] as? [[String: Any]] ?? []
    }

    func admin(_ method: String, _ path: String, json body: Any? = nil) throws -> Reply {
        let response = try hub.request(method, "/api/admin/v1" + path, headers: ChatHTTPFixture.bearer, json: body)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    /// The project's conversations as the operator lists them.
    func conversations(_ query: String = "") throws -> [[String: Any]] {
        let reply = try admin("GET", "/projects/\(projectId)/conversations" + query)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["items"] as? [[String: Any]] ?? []
    }

    /// The only conversation's ID.
    func conversationId() throws -> String {
        let items = try conversations()
        XCTAssertEqual(items.count, 1)
        return try XCTUnwrap(items.first?["id"] as? String)
    }

    func identityHeaders(email: String, secret: String = "chat-identity-secret") throws -> [(String, String)] {
        let store = hub.app!.store
        try store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text("plain:" + secret), .text(projectId)])
        let expires = Int64(Date().timeIntervalSince1970) + 3_600
        let signature = Hex.encode(HMACSHA256.mac(key: Array(secret.utf8), message: "v1\n\(projectId)\n\(expires)\n\(email)"))
        return [("X-AppNorth-Identity-Email", email), ("X-AppNorth-Identity-Expires", String(expires)),
                ("X-AppNorth-Identity-Signature", signature)]
    }
}
