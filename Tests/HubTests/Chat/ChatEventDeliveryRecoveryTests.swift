import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubRuntime
@testable import HubStore
@testable import PushService

final class ChatEventDeliveryRecoveryTests: XCTestCase {
    var hub: ChatRPCFixture!

    override func tearDown() { hub?.shutdown() }

    func testAReplyMadeWhilePushdIsDownIsKeptAndDeliveredWhenItReturns() throws {
        // Given chatd and pushd running, then pushd stopped
        hub = try ChatRPCFixture(start: [.chatd, .pushd])
        hub.hub.stopDaemon(.pushd)
        // When the team replies and the relay tries for several rounds
        let (_, reply) = try hub.userMessageAndTeamReply()
        let eventId = try hub.repliedEventId(messageId: reply.id)
        XCTAssertTrue(eventually(timeout: 10, every: 0.05) { self.hub.logCount("chat event delivery failing") >= 1 })
        Thread.sleep(forTimeInterval: 1.0)
        // Then the event is still pending, and the outage was logged once, not per attempt
        XCTAssertTrue(try hub.chatStore.outbox.pending(topics: OutboxConsumers.chatd).map(\.id).contains(eventId))
        XCTAssertEqual(hub.logCount("chat event delivery failing"), 1)
        // When pushd starts again
        try hub.hub.startDaemon(.pushd)
        // Then the event arrives once, is acknowledged, and recovery is logged
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try hub.chatStore.outbox.pending(topics: OutboxConsumers.chatd).isEmpty })
        let replied = try hub.pushStore.receivedEvents().filter { $0.event.topic == OutboxTopic.chatReplied.rawValue }
        XCTAssertEqual(replied.map(\.event.id), [eventId])
        XCTAssertEqual(hub.logCount("chat event delivery resumed"), 1)
    }

    func testKillingChatdBetweenAReplyAndItsDeliveryLosesNoChatRepliedEvent() throws {
        // Given chatd running while pushd is down, so nothing can be delivered
        hub = try ChatRPCFixture(start: [.chatd])
        let (_, reply) = try hub.userMessageAndTeamReply()
        let eventId = try hub.repliedEventId(messageId: reply.id)
        // When chatd stops right after the reply commits
        let stopping = Date()
        hub.hub.stopDaemon(.chatd)
        let stopSeconds = Date().timeIntervalSince(stopping)
        // Then it stopped promptly even though its relay was failing
        XCTAssertLessThan(stopSeconds, 2)
        // When chatd starts again on the same data directory
        try hub.hub.startDaemon(.chatd)
        // Then the reply's event is still pending there
        XCTAssertTrue(try hub.chatStore.outbox.pending(topics: OutboxConsumers.chatd).map(\.id).contains(eventId))
        // When pushd starts
        try hub.hub.startDaemon(.pushd)
        // Then the event arrives exactly once and chatd marks it acknowledged
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try hub.chatStore.outbox.pending(topics: OutboxConsumers.chatd).isEmpty })
        Thread.sleep(forTimeInterval: 0.5)
        let replied = try hub.pushStore.receivedEvents().filter { $0.event.topic == OutboxTopic.chatReplied.rawValue }
        XCTAssertEqual(replied.map(\.event.id), [eventId])
        XCTAssertEqual(try replied[0].event.payload(as: ChatRepliedEvent.self).messageId, reply.id)
        XCTAssertNotNil(try hub.outbox().first { $0.event.id == eventId }?.acknowledgedAt)
    }
}
