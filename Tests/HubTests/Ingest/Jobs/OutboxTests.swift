import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

final class OutboxTests: XCTestCase {
    func created(_ id: String) -> FeedbackCreatedEvent {
        FeedbackCreatedEvent(id: id, projectId: "p1", type: "bug", createdAt: "2026-11-20T10:00:00.000Z")
    }

    func testEventsCommitWithTheirChangeAndStayPendingUntilAcknowledged() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        // Given one event appended in a transaction that commits and one in a transaction that fails
        try store.db.transaction { try store.outbox.append(created("f1"), projectId: "p1") }
        struct Abort: Error {}
        XCTAssertThrowsError(
            try store.db.transaction {
                try store.outbox.append(created("lost"), projectId: "p1")
                throw Abort()
            })
        try store.db.transaction {
            try store.outbox.append(FeedbackStatusEvent(id: "f1", projectId: "p1", status: "done"), projectId: "p1")
        }
        // Then only the committed ones are pending, in order
        let pending = try store.outbox.pending()
        XCTAssertEqual(pending.map(\.topic), ["feedback.created", "feedback.status"])
        XCTAssertEqual(pending[0].payload, #"{"createdAt":"2026-11-20T10:00:00.000Z","id":"f1","projectId":"p1","type":"bug"}"#)
        // And an acknowledged event (acknowledged twice) is no longer pending
        try store.outbox.acknowledge(ids: [pending[0].id])
        try store.outbox.acknowledge(ids: [pending[0].id, "unknown"])
        XCTAssertEqual(try store.outbox.pending().map(\.id), [pending[1].id])
    }

    func testPendingFeedbackEventsStayForPushdAndAcknowledgedOnesGoSevenDaysAfterAcknowledgement() throws {
        let token = "an_" + String(repeating: "o", count: 40)
        let clock = ManualClock(ISOTime.parse("2026-11-20T10:00:00.000Z")!)
        // ingest alone: with no pushd to answer its relay, only the test acknowledges events
        let hub = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": token], clock: clock)
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        func cleanup() throws -> Int {
            let reply = try hub.call("POST", "/jobs/cleanup/run", token: token)
            XCTAssertEqual(reply.status, 200, reply.text)
            return try XCTUnwrap(reply.json["processed"] as? Int)
        }
        func topics() throws -> [String] { try store.db.query("SELECT topic FROM outbox ORDER BY id").compactMap { $0.string("topic") } }
        XCTAssertEqual(
            OutboxConsumers.ingest, [.feedbackCreated, .feedbackReplied, .feedbackStatus, .invitationCreated, .invitationRevoked],
            "pushd reads them all")
        // Given on day 0 a report's event pushd has not acknowledged, and one it acknowledged at once
        try store.db.transaction { try store.outbox.append(created("f1"), projectId: "p1") }
        try store.db.transaction {
            try store.outbox.append(FeedbackStatusEvent(id: "f0", projectId: "p1", status: "done"), projectId: "p1")
        }
        try store.outbox.acknowledge(ids: [try XCTUnwrap(store.outbox.pending().last?.id)])

        // When the cleanup job runs a second before the acknowledgement is seven days old
        clock.advance(by: 7 * 86_400 - 1)
        let before = try cleanup()

        // Then every event is kept
        XCTAssertEqual(before, 0)
        XCTAssertEqual(try topics(), ["feedback.created", "feedback.status"])

        // When it runs a second after
        clock.advance(by: 2)
        let after = try cleanup()

        // Then the acknowledged event went and the pending one stays for pushd, however old
        XCTAssertEqual(after, 1)
        XCTAssertEqual(try topics(), ["feedback.created"])
        clock.advance(by: 30 * 86_400)
        XCTAssertEqual(try cleanup(), 0)
        XCTAssertEqual(try topics(), ["feedback.created"])
        // And for a daemon whose outbox has no consumer of the topic, the same row would expire
        let unconsumed = Outbox(db: store.db, clock: clock, ids: TimeSortableID(clock: clock), consumedTopics: [])
        XCTAssertEqual(try unconsumed.removeExpired(), 1)
        XCTAssertEqual(try topics(), [])
    }
}
