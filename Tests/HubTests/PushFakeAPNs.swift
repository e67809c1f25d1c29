import Foundation
import XCTest
import TestSupport
@testable import Shared
#if canImport(Glibc)
import Glibc
#endif

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

        var aps: [String: Any] { payload["aps"] as? [String: Any] ?? [:] }
        var isAlert: Bool { aps["alert"] != nil }
        var badge: Int? { aps["badge"] as? Int }
    }

    let process = Process()
    private let input = Pipe()
    let port: Int
    let caFile: String
    let control: HTTPClient

    var baseURL: String { "https://127.0.0.1:\(port)" }

    init() throws {
        let output = Pipe()
        process.executableURL = try TestPython.interpreter()
        process.arguments = [TestPython.fixtures.appendingPathComponent("fake_apns.py").path, "--port", "0"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = try PushFakeAPNs.readLines(output.fileHandleForReading.fileDescriptor, count: 2, within: 20)
        guard lines.count == 2, let port = Int(lines[0]), port > 0 else {
            process.terminate()
            throw Failure(description: "fake_apns.py did not start (printed \(lines))")
        }
        self.port = port
        caFile = lines[1]
        var options = HTTPClientOptions()
        options.version = .http2
        options.extraCAFile = caFile
        options.totalTimeout = 10
        control = HTTPClient(options: options)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

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
        try post("/control/script", [token: replies])
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
                          connection: entry["connection"] as? Int ?? 0, stream: entry["stream"] as? Int ?? 0)
        }
        return (requests, json["connections"] as? Int ?? 0)
    }

    private static func readLines(_ fd: Int32, count: Int, within seconds: Double) throws -> [String] {
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while buffer.filter({ $0 == 10 }).count < count {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "fake_apns.py printed nothing for \(seconds) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
