import Foundation
import XCTest
import TestSupport
@testable import ChatService
@testable import PushService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd and pushd in one hub, with a client to chatd for producing chat events.
final class ChatEventDeliveryFixture {
    let hub: HubHarness
    let chatClient: RPCClient
    let projectId = "prj_" + String(TimeSortableID.shared.next().suffix(8))
    let owner: ChatOwner

    init(start daemons: [DaemonName]) throws {
        hub = try HubHarness()
        try hub.start(daemons)
        chatClient = try RPCClient(peer: "chatd", endpoint: hub.config.endpoint(for: .chatd), clock: SystemClock(),
                                   logger: Logger(daemon: "test", sink: MemoryLogSink()))
        owner = ChatOwner(projectId: projectId, kind: .email, value: "ana@example.com")
    }

    func shutdown() {
        chatClient.close()
        hub.shutdown()
    }

    var chatStore: ChatStore { ChatStore(db: hub.daemons[.chatd]!.context.store, clock: SystemClock()) }
    var pushStore: PushStore { PushStore(db: hub.daemons[.pushd]!.context.store, clock: SystemClock()) }

    func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request) throws -> M.Response {
        try chatClient.call(m, request, timeout: 5).get()
    }

    /// A user message and a team reply; returns the conversation ID and the reply.
    func userMessageAndTeamReply(_ text: String = "Thanks, fixed in 2.1") throws -> (conversationId: String, reply: ChatMessageDTO) {
        _ = try call(ChatSend.self, ChatSend.Request(owner: owner, body: "My sync stopped", platform: "ios", payloadHash: "h"))
        let id = try XCTUnwrap(call(ChatStatus.self, ChatStatus.Request(owner: owner)).conversationId)
        let reply = try call(ChatTeamPost.self, ChatTeamPost.Request(projectId: projectId, conversationId: id, body: text,
                                                                      internal: false, author: "agent@team"))
        return (id, reply)
    }

    /// Every outbox row with its acknowledgement time, oldest first.
    func outbox() throws -> [(event: ChatEvent, acknowledgedAt: String?)] {
        try hub.daemons[.chatd]!.context.store.query("SELECT * FROM outbox ORDER BY id").map {
            (ChatEvent(id: $0.string("id")!, topic: $0.string("topic")!, projectId: $0.string("project_id"),
                       payload: $0.string("payload")!, createdAt: $0.string("created_at")!), $0.string("acknowledged_at"))
        }
    }

    /// The ID of the `chat.replied` event for `messageId`.
    func repliedEventId(messageId: String) throws -> String {
        let event = try outbox().map(\.event).first { event in
            let payload = try? JSONSerialization.jsonObject(with: Data(event.payload.utf8)) as? [String: Any]
            return event.topic == ChatOutboxTopic.replied && payload?["messageId"] as? String == messageId
        }
        return try XCTUnwrap(event?.id, "no chat.replied event for \(messageId)")
    }

    func logCount(_ message: String) -> Int {
        hub.logSink.lines.filter { $0.contains(message) }.count
    }
}

final class ChatEventDeliveryTests: XCTestCase {
    var hub: ChatEventDeliveryFixture!

    override func setUpWithError() throws { hub = try ChatEventDeliveryFixture(start: [.chatd, .pushd]) }
    override func tearDown() { hub.shutdown() }

    func testRepliedReadAndResolvedEventsReachPushdAndAreAcknowledged() throws {
        // Given a reply, a read and a resolution in chatd
        let (id, _) = try hub.userMessageAndTeamReply()
        _ = try hub.call(ChatMessagesList.self, .init(owner: hub.owner))
        _ = try hub.call(ChatTeamResolve.self, .init(projectId: hub.projectId, conversationId: id, sentiment: .positive,
                                                     automaticReviewRequests: false))
        // When the relay has run
        let delivered = try eventually(timeout: 10, every: 0.05) { try hub.pushStore.receivedEvents().count == 3 }
        let acknowledged = try eventually(timeout: 10, every: 0.05) { try hub.outbox().allSatisfy { $0.acknowledgedAt != nil } }
        // Then pushd holds exactly the outbox's events, field for field, and chatd has none pending
        XCTAssertTrue(delivered)
        XCTAssertTrue(acknowledged)
        let outbox = try hub.outbox()
        let received = try hub.pushStore.receivedEvents()
        XCTAssertEqual(outbox.map(\.event.topic), ["chat.replied", "chat.read", "chat.resolved"])
        // and every topic chatd writes is declared consumed, so retention keeps it while pending
        XCTAssertTrue(Set(outbox.map(\.event.topic)).isSubset(of: OutboxConsumers.chatd))
        XCTAssertEqual(received.map(\.event), outbox.map(\.event))
        XCTAssertEqual(received.first?.event.projectId, hub.projectId)
        XCTAssertEqual(try hub.chatStore.outbox.pending(), [])
        XCTAssertEqual(hub.logCount("chat event delivery failing"), 0)
    }

    func testARedeliveredBatchIsStoredOnceAndAcknowledgedAgain() throws {
        // Given a reply event pushd already holds
        let (_, reply) = try hub.userMessageAndTeamReply()
        let eventId = try hub.repliedEventId(messageId: reply.id)
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try hub.pushStore.receivedEvents().map(\.event.id) == [eventId] })
        let first = try XCTUnwrap(hub.pushStore.receivedEvents().first)
        let fresh = ChatEvent(id: TimeSortableID.shared.next(), topic: "chat.read", projectId: hub.projectId,
                              payload: #"{"conversationId":"c1"}"#, createdAt: ISOTime.format(Date()))
        let push = try RPCClient(peer: "pushd", endpoint: hub.hub.config.endpoint(for: .pushd), clock: SystemClock(),
                                 logger: Logger(daemon: "test", sink: MemoryLogSink()))
        defer { push.close() }
        // When the same event is sent again twice, once next to a new one
        let batch = ChatEventDeliver.Request(events: [first.event, fresh])
        let again = try push.call(ChatEventDeliver.self, batch, timeout: 5).get()
        let third = try push.call(ChatEventDeliver.self, batch, timeout: 5).get()
        // Then every ID is acknowledged each time, yet each event is stored once, the first arrival kept
        XCTAssertEqual(again.acknowledged, [eventId, fresh.id])
        XCTAssertEqual(third.acknowledged, [eventId, fresh.id])
        let stored = try hub.pushStore.receivedEvents()
        XCTAssertEqual(stored.map(\.event.id), [eventId, fresh.id])
        XCTAssertEqual(stored.first, first)
        XCTAssertEqual(try hub.hub.daemons[.pushd]!.context.store.scalar("SELECT count(*) FROM chat_events").intValue, 2)
    }

    func testAnInvalidBatchIsRefusedAndStoresNothing() throws {
        // Given a client to pushd
        let push = try RPCClient(peer: "pushd", endpoint: hub.hub.config.endpoint(for: .pushd), clock: SystemClock(),
                                 logger: Logger(daemon: "test", sink: MemoryLogSink()))
        defer { push.close() }
        let bad = ChatEvent(id: "", topic: "chat.replied", projectId: nil, payload: "{}", createdAt: ISOTime.format(Date()))
        let good = ChatEvent(id: TimeSortableID.shared.next(), topic: "chat.read", projectId: nil, payload: "{}",
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
