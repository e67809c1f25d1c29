import Foundation
import XCTest

@testable import HubCrypto
@testable import HubHTTPClient

/// `Tests/Fixtures/fake_apns.py` as a child process: an HTTP/2-over-TLS APNs that verifies
/// JWTs with its own ES256 implementation, answers scripted replies per token and logs every
/// push for the tests to assert on.
final class PushFakeAPNs {
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

    private let control: FakeControl

    var baseURL: String { control.baseURL }
    var caFile: String { control.caFile }

    init() throws {
        var options = HTTPClientOptions()
        options.version = .http2
        options.totalTimeout = 10
        control = try FakeControl(script: "fake_apns.py", tls: true, options: options)
    }

    func stop() { control.stop() }

    /// Makes the fake accept JWTs signed by `key` under `kid` for `teamId`.
    func trust(kid: String, teamId: String, key: ES256PrivateKey) throws {
        try control.post("/control/keys", ["kid": kid, "teamId": teamId, "publicKey": key.publicKeyPEM])
    }

    /// Appends replies for a token, used one per push: `["status": 503]`, `["status": 410,
    /// "reason": "Unregistered", "timestamp": ms]`, `["status": 200, "delayMs": 300]`.
    func script(_ token: String, _ replies: [[String: Any]]) throws {
        try script([token: replies])
    }

    /// Appends replies for many tokens at once.
    func script(_ repliesByToken: [String: [[String: Any]]]) throws {
        try control.post("/control/script", repliesByToken)
    }

    func reset() throws { try control.post("/control/reset", [:]) }

    /// Every push received so far, in arrival order.
    func log() throws -> (requests: [Logged], connections: Int) {
        let json = try XCTUnwrap(try control.get("/control/log") as? [String: Any])
        let requests = (json["requests"] as? [[String: Any]] ?? []).map { entry -> Logged in
            let payload = entry["payload"] as? [String: Any] ?? [:]
            let raw =
                (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
                ?? ""
            return Logged(
                token: entry["token"] as? String ?? "", headers: entry["headers"] as? [String: String] ?? [:],
                payload: payload, rawPayload: raw, jwt: entry["jwt"] as? String ?? "",
                jwtValid: entry["jwtValid"] as? Bool ?? false, claims: entry["claims"] as? [String: Any] ?? [:],
                kid: entry["kid"] as? String, status: entry["status"] as? Int ?? 0, reason: entry["reason"] as? String,
                connection: entry["connection"] as? Int ?? 0, stream: entry["stream"] as? Int ?? 0,
                inFlight: entry["inFlight"] as? Int ?? 0)
        }
        return (requests, json["connections"] as? Int ?? 0)
    }
}
