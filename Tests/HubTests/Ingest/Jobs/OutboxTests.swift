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

    func testUnconsumedFeedbackEventsExpireSevenDaysAfterCreationAndAcknowledgedOnesAfterAcknowledgement() throws {
        let token = "an_" + String(repeating: "o", count: 40)
        let clock = ManualClock(ISOTime.parse("2026-11-20T10:00:00.000Z")!)
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
        XCTAssertEqual(OutboxConsumers.ingest, [], "no consumer reads feedback events yet")
        // Given on day 0 a report's event nobody reads, and one a consumer acknowledged at once
        try store.db.transaction { try store.outbox.append(created("f1"), projectId: "p1") }
        try store.db.transaction {
            try store.outbox.append(FeedbackStatusEvent(id: "f0", projectId: "p1", status: "done"), projectId: "p1")
        }
        try store.outbox.acknowledge(ids: [try XCTUnwrap(store.outbox.pending().last?.id)])
        // And on day 1 a reply's event nobody reads
        clock.advance(by: 86_400)
        try store.db.transaction {
            try store.outbox.append(FeedbackRepliedEvent(id: "f1", projectId: "p1", replyId: "r1"), projectId: "p1")
        }

        // When the cleanup job runs a second before day 0's events are seven days old
        clock.advance(by: 6 * 86_400 - 1)
        let before = try cleanup()

        // Then every event is kept
        XCTAssertEqual(before, 0)
        XCTAssertEqual(try topics(), ["feedback.created", "feedback.status", "feedback.replied"])

        // When it runs a second after
        clock.advance(by: 2)
        let after = try cleanup()

        // Then day 0's pending and acknowledged events went, and day 1's pending one stays until its own seventh day
        XCTAssertEqual(after, 2)
        XCTAssertEqual(try topics(), ["feedback.replied"])
        clock.advance(by: 86_400)
        XCTAssertEqual(try cleanup(), 1)
        XCTAssertEqual(try topics(), [])
    }
}
