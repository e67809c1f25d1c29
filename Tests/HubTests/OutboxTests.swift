import Foundation
import XCTest
@testable import IngestService
@testable import Shared

final class OutboxTests: XCTestCase {
    func testEventsCommitWithTheirChangeAndStayPendingUntilAcknowledged() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        // Given one event appended in a transaction that commits and one in a transaction that fails
        try store.db.transaction { try store.appendOutbox(topic: "feedback.created", projectId: "p1", payload: ["id": "f1"]) }
        struct Abort: Error {}
        XCTAssertThrowsError(try store.db.transaction {
            try store.appendOutbox(topic: "feedback.created", projectId: "p1", payload: ["id": "lost"])
            throw Abort()
        })
        try store.db.transaction { try store.appendOutbox(topic: "feedback.status", projectId: "p1", payload: ["id": "f1", "status": "done"]) }
        // Then only the committed ones are pending, in order
        let pending = try store.pendingOutbox()
        XCTAssertEqual(pending.map(\.topic), ["feedback.created", "feedback.status"])
        XCTAssertEqual(pending[0].payload, #"{"id":"f1"}"#)
        // And an acknowledged event (acknowledged twice) is no longer pending
        try store.acknowledgeOutbox(ids: [pending[0].id])
        try store.acknowledgeOutbox(ids: [pending[0].id, "unknown"])
        XCTAssertEqual(try store.pendingOutbox().map(\.id), [pending[1].id])
    }
}
