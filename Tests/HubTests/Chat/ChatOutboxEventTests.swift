import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd's typed outbox events: each change writes its event in its own transaction, payloads
/// decode into their types, the wire form of pushd's topics is unchanged, and rows of topics
/// this build does not know decode as unknown.
final class ChatOutboxEventTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    func events() throws -> [OutboxEventBody] { try chat.outbox().map { try $0.event.decoded() } }

    func testAnAnonymousUsersFirstMessageWritesConversationCreatedAndUserMessageWithoutTheToken() throws {
        // Given an anonymous owner (the voter token's hash) and a message with context
        let voter = String(repeating: "b7", count: 32)
        let owner = ChatOwner(projectId: chat.projectId, kind: .token, value: voter)
        // When it sends twice into the same open conversation
        let first = try chat.call(
            ChatSend.self,
            .init(owner: owner, body: "Sync stopped ✓", locale: "de-DE", platform: "ios", bundleId: "com.example.app", payloadHash: "h"))
        let second = try chat.send("Still broken", owner: owner)
        let id = try chat.conversationId(owner)
        // Then one conversation_created and two user_message events were written, in order
        XCTAssertEqual(
            try chat.outboxTopics(), ["chat.conversation_created", "chat.user_message", "chat.user_message"])
        let decoded = try events()
        guard decoded.count == 3 else { return XCTFail("\(decoded)") }
        guard case .chatConversationCreated(let created) = decoded[0] else { return XCTFail("\(decoded[0])") }
        XCTAssertEqual(created.conversationId, id)
        XCTAssertEqual(created.projectId, chat.projectId)
        XCTAssertEqual(created.ownerKind, .anonymous)
        XCTAssertNil(created.ownerEmail)
        XCTAssertEqual(created.locale, "de-DE")
        XCTAssertEqual(created.platform, "ios")
        XCTAssertEqual(created.bundleId, "com.example.app")
        XCTAssertNil(created.appVersion)
        XCTAssertEqual(created.firstMessageId, first.message.id)
        XCTAssertEqual(
            decoded[1],
            .chatUserMessage(
                ChatUserMessageEvent(
                    conversationId: id, messageId: first.message.id, bodyLength: 14, createdAt: first.message.createdAt,
                    body: "Sync stopped ✓", imageCount: 0)))
        guard case .chatUserMessage(let later) = decoded[2] else { return XCTFail("\(decoded[2])") }
        XCTAssertEqual(later.messageId, second.message.id)
        XCTAssertEqual(later.bodyLength, 12)
        // And the voter token is in no payload
        let payloads = try chat.outbox().map(\.event.payload).joined()
        XCTAssertFalse(payloads.contains(voter), payloads)
    }

    func testAVerifiedOwnersConversationNamesItsEmail() throws {
        // When a verified user writes first
        try chat.send("Hello", owner: chat.owner("zoe@example.com"))
        // Then the conversation's event names the owner by email
        guard case .chatConversationCreated(let created) = try events().first else { return XCTFail("no event") }
        XCTAssertEqual(created.ownerKind, .email)
        XCTAssertEqual(created.ownerEmail, "zoe@example.com")
    }

    func testAFailedSendWritesNoEvent() throws {
        // Given a send whose image token does not exist, which fails after the conversation row
        let error = chat.failure(ChatSend.self, .init(owner: chat.owner(), body: "see", imageTokens: ["img_nope"], payloadHash: "h"))
        // Then the transaction left no conversation and no event behind
        XCTAssertNotNil(error)
        XCTAssertEqual(try chat.outboxTopics(), [])
        XCTAssertNil(try chat.status().conversationId)
        // When a valid send follows, its events are the only ones
        try chat.send("see")
        XCTAssertEqual(try chat.outboxTopics(), ["chat.conversation_created", "chat.user_message"])
    }

    func testReopeningAResolvedConversationWritesReopenedOnce() throws {
        // Given a resolved conversation
        try chat.send("Hello")
        let id = try chat.conversationId()
        let ref = ChatConversationRef(projectId: chat.projectId, conversationId: id)
        _ = try chat.call(
            ChatTeamResolve.self, .init(projectId: chat.projectId, conversationId: id, sentiment: .neutral, automaticReviewRequests: false))
        // When the team reopens it twice, and reopens a conversation that does not exist
        _ = try chat.call(ChatTeamReopen.self, ref)
        _ = try chat.call(ChatTeamReopen.self, ref)
        XCTAssertEqual(
            chat.failure(ChatTeamReopen.self, .init(projectId: chat.projectId, conversationId: "conv_missing"))?.code,
            "CONVERSATION_NOT_FOUND")
        // Then one chat.reopened follows chat.resolved, naming the conversation and no owner
        XCTAssertEqual(
            try chat.outboxTopics(), ["chat.conversation_created", "chat.user_message", "chat.resolved", "chat.reopened"])
        let last = try XCTUnwrap(chat.outbox().last?.event)
        guard case .chatReopened(let reopened) = try last.decoded() else { return XCTFail(last.payload) }
        XCTAssertEqual(reopened.conversationId, id)
        XCTAssertFalse(last.payload.contains("ana@example.com"), last.payload)
        // And pushd consumes it, so the relay hands it on and retention keeps it until then
        XCTAssertTrue(OutboxConsumers.chatd.contains(.chatReopened))
    }

    func testRepliedPayloadKeepsPushdsKeysAndAddsTheReplysTextKindAndAuthor() throws {
        // Given a team reply
        let (id, reply) = try chat.userMessageAndTeamReply()
        // Then its row is the JSON pushd has always read plus the integrations' keys (no source: none was named)
        let row = try XCTUnwrap(chat.outbox().map(\.event).first { $0.topic == "chat.replied" })
        XCTAssertEqual(
            row.payload,
            #"{"author":"agent@team","body":"Thanks, fixed in 2.1","conversationId":"\#(id)","createdAt":"\#(reply.createdAt)","kind":"text","messageId":"\#(reply.id)","ownerKind":"email","ownerValue":"ana@example.com"}"#
        )
    }

    func testRowsWrittenBeforeTheIntegrationFieldsStillDecode() throws {
        // Given payloads as an older chatd wrote them, without the added keys
        let at = "2026-11-20T10:00:00.000Z"
        let created = OutboxEvent(
            id: "e1", topic: "chat.conversation_created", projectId: "p",
            payload: #"{"conversationId":"c1","createdAt":"\#(at)","ownerKind":"anonymous","projectId":"p"}"#, createdAt: at)
        let message = OutboxEvent(
            id: "e2", topic: "chat.user_message", projectId: "p",
            payload: #"{"bodyLength":3,"conversationId":"c1","createdAt":"\#(at)","messageId":"m1"}"#, createdAt: at)
        // Then they decode, the new fields absent
        guard case .chatConversationCreated(let opened) = try created.decoded() else { return XCTFail("not decoded") }
        XCTAssertNil(opened.firstMessageId)
        XCTAssertNil(opened.body)
        guard case .chatUserMessage(let user) = try message.decoded() else { return XCTFail("not decoded") }
        XCTAssertNil(user.body)
        XCTAssertNil(user.imageCount)
    }

    func testUnknownTopicsDecodeAsUnknownAndBadPayloadsAsATypedError() throws {
        // Given rows an older or newer daemon wrote: an unknown topic, and a known one with a bad payload
        let unknown = OutboxEvent(id: "e1", topic: "chat.typing", projectId: nil, payload: "{}", createdAt: "2026-11-20T10:00:00.000Z")
        let bad = OutboxEvent(
            id: "e2", topic: "chat.replied", projectId: nil, payload: #"{"conversationId":"c1"}"#, createdAt: "2026-11-20T10:00:00.000Z")
        // Then the first decodes to unknown, the second throws with a stable code
        XCTAssertEqual(try unknown.decoded(), .unknown(topic: "chat.typing"))
        XCTAssertThrowsError(try bad.decoded()) { error in
            XCTAssertEqual(error as? OutboxEventError, .invalidPayload(topic: "chat.replied", eventId: "e2"))
            XCTAssertEqual((error as? OutboxEventError)?.code, "OUTBOX_PAYLOAD_INVALID")
        }
        // And a payload asked for as another topic's type is refused too
        let read = OutboxEvent(
            id: "e3", topic: "chat.read", projectId: nil,
            payload: #"{"conversationId":"c1","ownerKind":"email","ownerValue":"a@b.c","readAt":"2026-11-20T10:00:00.000Z"}"#,
            createdAt: "2026-11-20T10:00:00.000Z")
        XCTAssertEqual(try read.payload(as: ChatReadEvent.self).readAt, "2026-11-20T10:00:00.000Z")
        XCTAssertThrowsError(try read.payload(as: ChatResolvedEvent.self))
    }
}
