import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService
@testable import PushService

/// What ingest's `feedback.*` events carry for the chat-ops integrations, written through the
/// public and operator APIs, and ingest's relay handing them to a running pushd.
final class FeedbackEventTests: XCTestCase {
    var community: CommunityFixture!

    override func tearDown() { community?.shutdown() }

    func start(_ daemons: [DaemonName] = [.ingest]) throws {
        community = try CommunityFixture(daemons: daemons)
    }

    func submit(_ extra: [String: Any], as email: String? = nil) throws -> String {
        let headers = try email.map { try community.identityHeaders(email: $0) } ?? []
        let reply = try community.send("POST", "/feedback", FeedbackSubmissionTests.report(extra), headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return try XCTUnwrap(reply.json["id"] as? String)
    }

    func events<Payload: OutboxEventPayload>(_ type: Payload.Type) throws -> [Payload] {
        try community.store.outbox.pending(limit: 1_000).filter { $0.topic == Payload.topic.rawValue }.map { try $0.payload(as: type) }
    }

    func testFeedbackCreatedCarriesTheReportAsAnIntegrationShowsIt() throws {
        // Given an app with a bundle ID
        try start()
        try community.store.db.run(
            "UPDATE projects SET bundle_id = 'com.example.trails' WHERE id = ?", [.text(community.projectId)])
        // When a verified user reports with device context and a screenshot, and an anonymous one with a contact email only
        let verified = try submit(
            [
                "message": "Export crashes", "pageTitle": "Export", "locale": "de_DE",
                "deviceContext": ["appVersion": "2.1.0", "operatingSystem": "iOS", "systemVersion": "18.2", "deviceModel": "iPhone15,2"],
                "screenshot": "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1,
            ], as: "ana@example.com")
        let anonymous = try submit(["message": "Dark mode please", "type": "suggestion", "email": "bo@example.com"])
        // Then each feedback.created carries what the integration's first post shows
        let created = try events(FeedbackCreatedEvent.self)
        XCTAssertEqual(created.map(\.id), [verified, anonymous])
        XCTAssertEqual(created[0].email, "ana@example.com")
        XCTAssertEqual(created[0].title, "Export")
        XCTAssertEqual(created[0].message, "Export crashes")
        XCTAssertEqual(created[0].locale, "de_DE")
        XCTAssertEqual(created[0].platform, "iOS 18.2")
        XCTAssertEqual(created[0].bundleId, "com.example.trails")
        XCTAssertEqual(created[0].appVersion, "2.1.0")
        XCTAssertEqual(created[0].hasScreenshot, true)
        // And the report without identity, device context or screenshot names its contact email and leaves the rest absent
        XCTAssertEqual(created[1].email, "bo@example.com")
        XCTAssertEqual(created[1].type, "suggestion")
        XCTAssertEqual(created[1].message, "Dark mode please")
        XCTAssertNil(created[1].platform)
        XCTAssertNil(created[1].appVersion)
        XCTAssertEqual(created[1].hasScreenshot, false)
    }

    func testOperatorRepliesAndStatusChangesCarryTheTextAndAuthorAndNoSource() throws {
        // Given a report with a contact email
        try start()
        let id = try submit(["email": "bo@example.com"])
        let token = community.organizationToken
        // When the team replies and marks it done through the operator API
        let reply = try community.call(
            "POST", "/feedback/\(id)/replies", json: ["message": "Fixed in 2.1", "internal": false], token: token)
        XCTAssertEqual(reply.status, 201, reply.text)
        let done = try community.call("PATCH", "/feedback/\(id)", json: ["status": "done"], token: token)
        XCTAssertEqual(done.status, 200, done.text)
        // Then feedback.replied carries the text and the token as author (as the timeline names it), and neither event names a source
        let replied = try XCTUnwrap(events(FeedbackRepliedEvent.self).first)
        XCTAssertEqual(replied.replyId, reply.json["id"] as? String)
        XCTAssertEqual(replied.message, "Fixed in 2.1")
        let timeline = try community.call("GET", "/feedback/\(id)", token: token).json["timeline"] as? [[String: Any]]
        let actor = try XCTUnwrap(timeline?.first { $0["kind"] as? String == "reply" }?["actor"] as? String)
        XCTAssertTrue(actor.hasPrefix("token:"), actor)
        XCTAssertEqual(replied.author, actor)
        XCTAssertNil(replied.source)
        let status = try XCTUnwrap(events(FeedbackStatusEvent.self).first)
        XCTAssertEqual(status.status, "done")
        XCTAssertNil(status.source)
    }

    func testIngestsRelayDeliversFeedbackEventsToARunningPushd() throws {
        // Given ingest and pushd running
        try start([.ingest, .pushd])
        let push = PushStore(db: community.hub.daemons[.pushd]!.context.store, clock: community.hub.clock)
        // When a report is submitted
        let id = try submit(["message": "Sync stopped"])
        // Then pushd holds its feedback.created event, as ingest wrote it, and ingest has it acknowledged
        let arrived = try eventually(timeout: 10, every: 0.05) {
            try push.receivedEvents().contains { $0.event.topic == "feedback.created" }
        }
        XCTAssertTrue(arrived)
        let received = try XCTUnwrap(push.receivedEvents().first { $0.event.topic == "feedback.created" }).event
        XCTAssertEqual(try received.payload(as: FeedbackCreatedEvent.self).id, id)
        XCTAssertEqual(try received.payload(as: FeedbackCreatedEvent.self).message, "Sync stopped")
        XCTAssertEqual(received.projectId, community.projectId)
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try community.store.outbox.pending().isEmpty })
        let row = try XCTUnwrap(community.store.db.queryOne("SELECT * FROM outbox WHERE id = ?", [.text(received.id)]))
        XCTAssertNotNil(row.string("acknowledged_at"))
    }
}
