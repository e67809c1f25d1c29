import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import PushService

/// `PushFixture`'s hub (ingest, chatd, pushd on a manual clock) sending email through the
/// fake SMTP server, STARTTLS with its CA trusted and AUTH, unless `environment` says otherwise.
final class EmailFixture {
    let smtp: FakeSMTP
    let push: PushFixture

    init(environment extra: [String: String] = [:], url: (FakeSMTP) -> String? = { _ in nil }) throws {
        smtp = try FakeSMTP()
        do {
            var env = smtp.environment(url: url(smtp))
            env.merge(extra) { _, new in new }
            push = try PushFixture(withCredentials: false, environment: env)
        } catch {
            smtp.stop()
            throw error
        }
    }

    func shutdown() {
        push.shutdown()
        smtp.stop()
    }

    /// pushd's store, as other parts of pushd queue email through it.
    var store: PushStore { PushStore(db: push.pushDB, clock: push.clock, emailEnabled: true) }

    static func draft(_ key: String, to: String = "reporter@example.org", subject: String = "Your report") -> EmailDraft {
        EmailDraft(
            dedupeKey: key, kind: "test", to: EmailAddress(address: to, name: "Rita Reporter")!, subject: subject,
            text: "Plain text of \(key)", html: "<p>HTML of \(key)</p>")
    }

    /// One pass of the `email` job through the operator API; how many emails it attempted.
    @discardableResult
    func runEmail() throws -> Int {
        let response = try push.call("POST", "/jobs/email/run")
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(response.json["processed"] as? Int)
    }

    struct Row {
        let state: String
        let attempts: Int
        let lastError: String?
        let text: String
        let nextAttemptMs: Int64
    }

    func row(_ key: String) throws -> Row? {
        try push.pushDB.queryOne("SELECT * FROM email_queue WHERE dedupe_key = ?", [.text(key)]).map {
            Row(
                state: $0.string("state")!, attempts: $0.int("attempts")!, lastError: $0.string("last_error"),
                text: $0.string("text_body")!, nextAttemptMs: $0.int64("next_attempt_ms")!)
        }
    }

    /// Waits until the row of `key` is in `state`.
    @discardableResult
    func waitForState(_ key: String, _ state: String, timeout: TimeInterval = 15) throws -> Row {
        var last: Row?
        let reached = try eventually(timeout: timeout, every: 0.05) {
            last = try row(key)
            return last?.state == state
        }
        XCTAssertTrue(reached, "\(key) did not become \(state): \(String(describing: last))")
        return try XCTUnwrap(last)
    }

    var logText: String { push.hub.logSink.lines.joined(separator: "\n") }
}

extension EmailFixture {
    /// A report submitted through the public API with `email` as its contact; its ID.
    func report(_ message: String, email: String? = "rita@example.org") throws -> String {
        var body: [String: Any] = [
            "type": "problem", "message": message, "pageURL": "https://app.example.com/notes",
            "viewport": ["width": 390, "height": 844],
        ]
        if let email { body["email"] = email }
        let sent = try push.send("POST", "/feedback", body)
        XCTAssertEqual(sent.status, 201, sent.text)
        return try XCTUnwrap(sent.json["id"] as? String, sent.text)
    }

    /// A reply (or an internal note) through the operator API; its ID.
    func reply(_ reportId: String, _ message: String, internal: Bool = false) throws -> String {
        let reply = try push.call("POST", "/feedback/\(reportId)/replies", json: ["message": message, "internal": `internal`])
        XCTAssertEqual(reply.status, 201, reply.text)
        return try XCTUnwrap(reply.json["id"] as? String, reply.text)
    }

    /// The report's replies as the operator API answers them.
    func replies(_ reportId: String) throws -> [[String: Any]] {
        let detail = try push.call("GET", "/feedback/\(reportId)")
        XCTAssertEqual(detail.status, 200, detail.text)
        return detail.json["replies"] as? [[String: Any]] ?? []
    }

    /// The `delivery` of a reply in the operator API.
    func delivery(_ reportId: String, _ replyId: String) throws -> [String: Any]? {
        try replies(reportId).first { $0["id"] as? String == replyId }?["delivery"] as? [String: Any]
    }

    /// Polls the operator API until the reply's delivery is in `state`.
    @discardableResult
    func waitForDelivery(_ reportId: String, _ replyId: String, _ state: String, timeout: TimeInterval = 15) throws -> [String: Any] {
        var last: [String: Any]?
        let reached = try eventually(timeout: timeout, every: 0.05) {
            last = try delivery(reportId, replyId)
            return last?["state"] as? String == state
        }
        XCTAssertTrue(reached, "the reply's delivery did not become \(state): \(String(describing: last))")
        return last ?? [:]
    }
}
