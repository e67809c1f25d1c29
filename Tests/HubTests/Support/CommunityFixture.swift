import Foundation
import XCTest
@testable import IngestService
@testable import HubCrypto
@testable import HubRuntime

/// One project on an in-process hub, and the public API as the SDK calls it.
final class CommunityFixture {
    static let origin = "http://localhost"
    static let voterToken = "voter-token-0000000001"
    let hub: HubHarness
    let store: IngestStore
    let project: Project

    struct Reply {
        let status: Int
        let body: [UInt8]
        let headers: [(String, String)]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
        var code: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var fields: [String: [String]]? { (json["error"] as? [String: Any])?["fields"] as? [String: [String]] }
        func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }
    }

    init(environment: [String: String] = [:]) throws {
        hub = try HubHarness(environment: environment)
        try hub.start([.ingest])
        store = hub.app!.store
        let org = try store.createOrganization(slug: "acme", name: "Acme")
        project = try store.createProject(organizationId: org.id, name: "App", allowedOrigins: [CommunityFixture.origin])
    }

    func shutdown() { hub.shutdown() }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func url(_ path: String, _ query: [String: String], token: String?, appId: String?) -> String {
        var items = query
        items["app_id"] = appId ?? project.appId
        if let token { items["voter_token"] = token }
        let encoded = items.sorted { $0.key < $1.key }.map {
            $0.key + "=" + ($0.value.addingPercentEncoding(withAllowedCharacters: CommunityFixture.unreserved) ?? "")
        }
        return "/api/v1" + path + "?" + encoded.joined(separator: "&")
    }

    func get(_ path: String, _ query: [String: String] = [:], token: String? = voterToken, appId: String? = nil,
             headers: [(String, String)] = []) throws -> Reply {
        let response = try hub.request("GET", url(path, query, token: token, appId: appId), headers: headers)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    /// A JSON write with the allowed Origin (unless `origin` says otherwise) and optionally a key.
    func send(_ method: String, _ path: String, _ body: Any, token: String? = voterToken, key: String? = nil,
              origin: String? = origin, headers: [(String, String)] = []) throws -> Reply {
        var all = headers
        if let origin { all.append(("Origin", origin)) }
        if let key { all.append(("Idempotency-Key", key)) }
        let response = try hub.request(method, url(path, [:], token: token, appId: nil), headers: all, json: body)
        return Reply(status: response.status, body: response.body, headers: response.headers)
    }

    /// The `items` of a page.
    func items(_ path: String, _ query: [String: String] = [:], token: String? = voterToken) throws -> [[String: Any]] {
        let reply = try get(path, query, token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json["items"] as? [[String: Any]] ?? []
    }

    /// Creates an idea over HTTP on `board` and returns its JSON (the creation's `value`).
    @discardableResult
    func createIdea(title: String, description: String = "", board: String = "ideas", token: String? = voterToken,
                    headers: [(String, String)] = []) throws -> [String: Any] {
        let reply = try send("POST", "/ideas", ["board": board, "title": title, "description": description], token: token, headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return reply.json["value"] as? [String: Any] ?? [:]
    }

    @discardableResult
    func addBoard(_ slug: String, moderation: BoardModeration = .none, policies: BoardPolicies = .open) throws -> String {
        try store.db.transaction {
            try store.insertBoard(projectId: project.id, slug: slug, name: slug.capitalized, description: nil, moderation: moderation,
                                  policies: policies, statuses: nil)
        }
    }

    /// Configures the project's identity secret and returns v1 credential headers for `email`.
    func identityHeaders(email: String, secret: String = "test-identity-secret") throws -> [(String, String)] {
        try store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text("plain:" + secret), .text(project.id)])
        let expires = Int64(Date().timeIntervalSince1970) + 3_600
        let signature = Hex.encode(HMACSHA256.mac(key: Array(secret.utf8), message: "v1\n\(project.id)\n\(expires)\n\(email)"))
        return [("X-AppNorth-Identity-Email", email), ("X-AppNorth-Identity-Expires", String(expires)),
                ("X-AppNorth-Identity-Signature", signature)]
    }
}
