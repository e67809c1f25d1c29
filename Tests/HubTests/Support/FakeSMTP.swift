import Foundation
import TestSupport
import XCTest

@testable import HubHTTPClient

/// `Tests/Fixtures/fake_smtp.py` as a child process: an aiosmtpd server with a STARTTLS
/// listener, a plain one (no STARTTLS) and an implicit-TLS one, AUTH checked against
/// `user`/`password`, scripted RCPT and DATA replies, and a control port listing what it took.
final class FakeSMTP {
    static let user = "hub"
    static let password = "smtp-s3cret-pa55word"

    struct Message {
        let mailFrom: String
        let rcptTos: [String]
        let data: String
        let tls: Bool
        let user: String?
        let headers: [String: String]
        let contentType: String
        let defects: [String]
        let parts: [(type: String, charset: String?, encoding: String?, text: String)]
    }

    private let process: FixtureProcess
    private let http = HTTPClient()

    init() throws {
        process = try FixtureProcess(
            script: "fake_smtp.py", arguments: ["--user", FakeSMTP.user, "--password", FakeSMTP.password], lineCount: 5)
    }

    func stop() { process.stop() }

    var caFile: String { process.lines[1] }
    /// `smtp://` with STARTTLS offered.
    var startTLSURL: String { "smtp://127.0.0.1:\(process.lines[2])" }
    /// `smtp://` without STARTTLS.
    var plainURL: String { "smtp://127.0.0.1:\(process.lines[3])" }
    var implicitTLSURL: String { "smtps://127.0.0.1:\(process.lines[4])" }

    /// The hub's email settings for this server (`APPNORTH_TLS_CA_FILE` trusts its certificate).
    func environment(url: String? = nil, from: String = "North Support <support@north.example>") -> [String: String] {
        [
            "APPNORTH_SMTP_URL": url ?? startTLSURL, "APPNORTH_SMTP_USER": FakeSMTP.user,
            "APPNORTH_SMTP_PASSWORD": FakeSMTP.password, "APPNORTH_SMTP_FROM": from, "APPNORTH_TLS_CA_FILE": caFile,
        ]
    }

    /// The next RCPTs and DATAs get these replies (`"451 4.7.1 Try again later"`).
    func script(rcpt: [String] = [], data: [String] = []) throws {
        try post("/control/script", ["rcpt": rcpt, "data": data])
    }

    func messages() throws -> [Message] {
        try (get("/control/messages") as? [[String: Any]] ?? []).map { entry in
            let parsed = entry["parsed"] as? [String: Any] ?? [:]
            return Message(
                mailFrom: entry["mailFrom"] as? String ?? "", rcptTos: entry["rcptTos"] as? [String] ?? [],
                data: entry["data"] as? String ?? "", tls: entry["tls"] as? Bool ?? false, user: entry["user"] as? String,
                headers: parsed["headers"] as? [String: String] ?? [:], contentType: parsed["contentType"] as? String ?? "",
                defects: parsed["defects"] as? [String] ?? [],
                parts: (parsed["parts"] as? [[String: Any]] ?? []).map {
                    // Decoded text with its line ends as "\n" (the parser keeps the wire's CRLF).
                    (
                        $0["type"] as? String ?? "", $0["charset"] as? String, $0["encoding"] as? String,
                        ($0["text"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
                    )
                })
        }
    }

    /// Every RCPT and DATA answered: (command, reply).
    func commands() throws -> [(command: String, reply: String)] {
        try (get("/control/commands") as? [[String: Any]] ?? []).map { ($0["command"] as? String ?? "", $0["reply"] as? String ?? "") }
    }

    /// Waits until the server holds `count` messages.
    @discardableResult
    func waitForMessages(_ count: Int, timeout: TimeInterval = 15) throws -> [Message] {
        var seen: [Message] = []
        let arrived = try eventually(timeout: timeout, every: 0.05) {
            seen = try messages()
            return seen.count >= count
        }
        XCTAssertTrue(arrived, "expected \(count) messages, the server took \(seen.count)")
        return seen
    }

    private func post(_ path: String, _ body: Any) throws {
        let response = try http.send(
            HTTPClientRequest(
                method: "POST", url: "http://127.0.0.1:\(process.port)\(path)", headers: [("Content-Type", "application/json")],
                body: Array(try JSONSerialization.data(withJSONObject: body))))
        guard response.status == 200 else { throw FakeControl.Failure(description: "\(path) answered \(response.status)") }
    }

    private func get(_ path: String) throws -> Any {
        let response = try http.send(HTTPClientRequest(url: "http://127.0.0.1:\(process.port)\(path)"))
        guard response.status == 200 else { throw FakeControl.Failure(description: "\(path) answered \(response.status)") }
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }
}
