import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import PushService

final class ChatEventDeliveryTests: XCTestCase {
    var hub: ChatRPCFixture!

    override func setUpWithError() throws { hub = try ChatRPCFixture(start: [.chatd, .pushd]) }
    override func tearDown() { hub.shutdown() }

    func testEveryChatdEventReachesPushdAndIsAcknowledged() throws {
        // Given a reply, a read and a resolution in chatd
        let (id, _) = try hub.userMessageAndTeamReply()
        _ = try hub.call(ChatMessagesList.self, .init(owner: hub.owner()))
        _ = try hub.call(
            ChatTeamResolve.self,
            .init(
                projectId: hub.projectId, conversationId: id, sentiment: .positive,
                automaticReviewRequests: false))
        // When the relay has run
        let delivered = try eventually(timeout: 10, every: 0.05) { try hub.pushStore.receivedEvents().count == 5 }
        let acknowledged = try eventually(timeout: 10, every: 0.05) { try hub.chatStore.outbox.pending().isEmpty }
        // Then pushd holds exactly the outbox's events, field for field, and chatd has none pending
        XCTAssertTrue(delivered)
        XCTAssertTrue(acknowledged)
        let outbox = try hub.outbox()
        let received = try hub.pushStore.receivedEvents()
        XCTAssertEqual(
            outbox.map(\.event.topic),
            ["chat.conversation_created", "chat.user_message", "chat.replied", "chat.read", "chat.resolved"])
        XCTAssertEqual(received.map(\.event), outbox.map(\.event))
        XCTAssertEqual(received.first?.event.projectId, hub.projectId)
        XCTAssertTrue(outbox.allSatisfy { $0.acknowledgedAt != nil })
        XCTAssertEqual(hub.logCount("chat event delivery failing"), 0)
    }

    func testARedeliveredBatchIsStoredOnceAndAcknowledgedAgain() throws {
        // Given a reply event pushd already holds
        let (_, reply) = try hub.userMessageAndTeamReply()
        let eventId = try hub.repliedEventId(messageId: reply.id)
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try hub.pushStore.receivedEvents().map(\.event.id).contains(eventId) })
        let held = try hub.pushStore.receivedEvents()
        let first = try XCTUnwrap(held.first { $0.event.id == eventId })
        let fresh = ChatEvent(
            id: TimeSortableID.shared.next(), topic: "chat.read", projectId: hub.projectId,
            payload: #"{"conversationId":"c1"}"#, createdAt: ISOTime.format(Date()))
        let push = try hub.hub.client(of: .pushd)
        defer { push.close() }
        // When the same event is sent again twice, once next to a new one
        let batch = ChatEventDeliver.Request(events: [first.event, fresh])
        let again = try push.call(ChatEventDeliver.self, batch, timeout: 5).get()
        let third = try push.call(ChatEventDeliver.self, batch, timeout: 5).get()
        // Then every ID is acknowledged each time, yet each event is stored once, the first arrival kept
        XCTAssertEqual(again.acknowledged, [eventId, fresh.id])
        XCTAssertEqual(third.acknowledged, [eventId, fresh.id])
        let stored = try hub.pushStore.receivedEvents()
        XCTAssertEqual(stored.map(\.event.id), held.map(\.event.id) + [fresh.id])
        XCTAssertEqual(stored.first { $0.event.id == eventId }, first)
        XCTAssertEqual(
            try hub.hub.daemons[.pushd]!.context.store.scalar("SELECT count(*) FROM chat_events").intValue, held.count + 1)
    }

    func testAnInvalidBatchIsRefusedAndStoresNothing() throws {
        // Given a client to pushd
        let push = try hub.hub.client(of: .pushd)
        defer { push.close() }
        let bad = ChatEvent(id: "", topic: "chat.replied", projectId: nil, payload: "{}", createdAt: ISOTime.format(Date()))
        let good = ChatEvent(
            id: TimeSortableID.shared.next(), topic: "chat.read", projectId: nil, payload: "{}",
            createdAt: ISOTime.format(Date()))
        // When a batch holds an event without an ID
        let result = push.call(ChatEventDeliver.self, .init(events: [good, bad]), timeout: 5)
        // Then it is refused with INVALID_PAYLOAD and nothing of it is stored
        guard case .failure(let error) = result else { return XCTFail("accepted an event without an ID") }
        XCTAssertEqual(error.code, "INVALID_PAYLOAD")
        XCTAssertEqual(error.fields?["events[1].id"], ["is required"])
        XCTAssertEqual(try hub.pushStore.receivedEvents(), [])
    }
}
