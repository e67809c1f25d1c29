import Foundation
import XCTest
import TestSupport
@testable import HubCrypto
@testable import HubHTTPClient

/// `Tests/Fixtures/fake_apns.py` as a child process: an HTTP/2-over-TLS APNs that verifies
/// JWTs with its own ES256 implementation, answers scripted replies per token and logs every
/// push for the tests to assert on.
final class PushFakeAPNs {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// One push as the fake received it.
    struct Logged {
        let token: String
        let headers: [String: String]
        let payload: [String: Any]
        let rawPayload: String
        let jwt: String
        let jwtValid: Bool
        let claims: [String: Any]
        let kid: String?
        let status: Int
        let reason: String?
        let connection: Int
        let stream: Int
        /// Pushes the fake had received and not yet answered when this one came, itself included.
        let inFlight: Int

        var aps: [String: Any] { payload["aps"] as? [String: Any] ?? [:] }
        var isAlert: Bool { aps["alert"] != nil }
        var badge: Int? { aps["badge"] as? Int }
    }

    private let fixture: FixtureProcess
    let port: Int
    let caFile: String
    let control: HTTPClient

    var baseURL: String { "https://127.0.0.1:\(port)" }

    init() throws {
        fixture = try FixtureProcess(script: "fake_apns.py", lineCount: 2)
        port = fixture.port
        caFile = fixture.lines[1]
        var options = HTTPClientOptions()
        options.version = .http2
        options.extraCAFile = caFile
        options.totalTimeout = 10
        control = HTTPClient(options: options)
    }

    func stop() { fixture.stop() }

    @discardableResult
    private func post(_ path: String, _ body: Any) throws -> HTTPClientResponse {
        let data = try JSONSerialization.data(withJSONObject: body)
        let response = try control.send(HTTPClientRequest(method: "POST", url: baseURL + path,
                                                          headers: [("content-type", "application/json")], body: Array(data)))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
        return response
    }

    /// Makes the fake accept JWTs signed by `key` under `kid` for `teamId`.
    func trust(kid: String, teamId: String, key: ES256PrivateKey) throws {
        try post("/control/keys", ["kid": kid, "teamId": teamId, "publicKey": key.publicKeyPEM])
    }

    /// Appends replies for a token, used one per push: `["status": 503]`, `["status": 410,
    /// "reason": "Unregistered", "timestamp": ms]`, `["status": 200, "delayMs": 300]`.
    func script(_ token: String, _ replies: [[String: Any]]) throws {
        try script([token: replies])
    }

    /// Appends replies for many tokens at once.
    func script(_ repliesByToken: [String: [[String: Any]]]) throws {
        try post("/control/script", repliesByToken)
    }

    func reset() throws { try post("/control/reset", [:]) }

    /// Every push received so far, in arrival order.
    func log() throws -> (requests: [Logged], connections: Int) {
        let response = try control.send(HTTPClientRequest(url: baseURL + "/control/log"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let requests = (json["requests"] as? [[String: Any]] ?? []).map { entry -> Logged in
            let payload = entry["payload"] as? [String: Any] ?? [:]
            let raw = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return Logged(token: entry["token"] as? String ?? "", headers: entry["headers"] as? [String: String] ?? [:],
                          payload: payload, rawPayload: raw, jwt: entry["jwt"] as? String ?? "",
                          jwtValid: entry["jwtValid"] as? Bool ?? false, claims: entry["claims"] as? [String: Any] ?? [:],
                          kid: entry["kid"] as? String, status: entry["status"] as? Int ?? 0, reason: entry["reason"] as? String,
                          connection: entry["connection"] as? Int ?? 0, stream: entry["stream"] as? Int ?? 0,
                          inFlight: entry["inFlight"] as? Int ?? 0)
        }
        return (requests, json["connections"] as? Int ?? 0)
    }
}
