import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService
@testable import PushService

/// `EmailFixture`'s hub (ingest, chatd, pushd, the fake SMTP server) with a public URL, and
/// the people the team alerts go to: members of the project's organization with their
/// choices, and a member of another organization.
final class EmailAlertsFixture {
    static let publicURL = "https://hub.example.com"

    let email: EmailFixture
    let admin: AdminClient
    var push: PushFixture { email.push }
    var smtp: FakeSMTP { email.smtp }

    init(environment: [String: String] = [:]) throws {
        email = try EmailFixture(environment: ["APPNORTH_PUBLIC_URL": Self.publicURL].merging(environment) { _, new in new })
        admin = AdminClient(hub: email.push.hub)
    }

    func shutdown() { email.shutdown() }

    /// A member of `organization` with `role`; with `choices`, saved as they would save the page.
    @discardableResult
    func person(
        _ address: String, role: Role, organization: String = "default", choices: EmailAlertPreferences? = nil
    ) throws -> TeamSession {
        let session = try admin.person(address, role: role, organization: organization).session
        if let choices { try admin.store.saveEmailAlertPreferences(choices, by: session.actor) }
        return session
    }

    /// A second organization (with an app of its own, whose events must not reach the first one's people).
    func otherOrganization(slug: String = "acme") throws {
        _ = try push.createOrganization(slug: slug, name: "Acme")
    }

    @discardableResult
    func runJob(_ name: String) throws -> Int {
        let response = try push.call("POST", "/jobs/\(name)/run")
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(response.json["processed"] as? Int)
    }

    /// A report from the app as the SDK sends it; its ID.
    func report(_ message: String, email: String = "reporter@example.com") throws -> String {
        let sent = try push.send(
            "POST", "/feedback",
            [
                "type": "problem", "message": message, "email": email, "pageURL": "https://app.example.com/settings",
                "pageTitle": "Settings", "viewport": ["width": 390, "height": 844],
            ])
        XCTAssertEqual(sent.status, 201, sent.text)
        return try XCTUnwrap(sent.json["id"] as? String)
    }

    /// The ID pushd stored a received event of `topic` under, for the subject `subjectId`.
    func eventId(topic: OutboxTopic, containing subjectId: String) throws -> String {
        var found: String?
        let stored = try eventually(timeout: 10, every: 0.02) {
            found = try push.pushDB.query("SELECT id, payload FROM chat_events WHERE topic = ?", [.text(topic.rawValue)])
                .first { ($0.string("payload") ?? "").contains(subjectId) }?.string("id")
            return found != nil
        }
        XCTAssertTrue(stored, "pushd holds no \(topic.rawValue) event for \(subjectId)")
        return try XCTUnwrap(found)
    }

    /// Hands pushd `events` again, as an outbox relay does after a lost acknowledgement.
    func redeliver(_ events: [ChatEvent]) throws {
        let client = try push.hub.client(of: .pushd, defaultTimeout: 5)
        defer { client.close() }
        let answer = try client.call(ChatEventDeliver.self, ChatEventDeliver.Request(events: events)).get()
        XCTAssertEqual(answer.acknowledged, events.map(\.id))
    }

    /// The stored event of `id`, as pushd received it.
    func storedEvent(_ id: String) throws -> ChatEvent {
        try XCTUnwrap(try PushStore(db: push.pushDB, clock: push.clock).receivedEvents().first { $0.event.id == id }).event
    }

    /// Every message the server took for `address`.
    func messages(to address: String) throws -> [FakeSMTP.Message] {
        try smtp.messages().filter { $0.rcptTos == [address] }
    }

    /// The Message-ID the hub gives the email of `key` (from `EmailFixture`'s sender).
    static func messageId(key: String) throws -> String {
        try EmailComposer.messageId(for: key, from: EmailAddress(address: "support@north.example")!).header
    }

    /// Waits until nothing is left for the alerts job: every held alert looked up.
    func waitForAlertsLookedUp(timeout: TimeInterval = 10) throws {
        let done = try eventually(timeout: timeout, every: 0.02) {
            try push.pushDB.scalar("SELECT COUNT(*) FROM email_alerts_pending").intValue == 0
        }
        XCTAssertTrue(done, "alerts are still waiting for their recipients")
    }
}
