import Foundation
import XCTest

@testable import ChatService
@testable import HubCrypto
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// What chatd's events carry for the chat-ops integrations (texts, photo counts, the kind and
/// author of a reply, the integration that caused a change), written by the real operations,
/// and a reply from an integration refused once the conversation is resolved.
final class ChatIntegrationEventTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    func events() throws -> [OutboxEventBody] { try chat.outbox().map { try $0.event.decoded() } }

    func replied() throws -> [ChatRepliedEvent] {
        try events().compactMap { if case .chatReplied(let event) = $0 { return event } else { return nil } }
    }

    /// A photo staged for `owner` as ingest stages one: the bytes in chatd's object store, the record by RPC.
    func stagedImageToken(owner: ChatOwner) throws -> String {
        let token = "imgtok_" + TimeSortableID.shared.next()
        let imageId = TimeSortableID.shared.next()
        let key = ChatImageLimits.stagingPrefix + imageId + ".jpg"
        let objects = LocalDirectoryObjectStore(root: chat.hub.daemons[.chatd]!.context.config.objectStoreDirectory)
        try objects.put(key: key, bytes: [0xFF, 0xD8, 0xFF, 0xD9], contentType: "image/jpeg")
        _ = try chat.call(
            ChatImageStage.self,
            .init(
                uploader: .participant(owner), imageId: imageId, tokenHash: SHA256.hex(token), width: 1, height: 1,
                byteSize: 4, stagingKey: key))
        return token
    }

    func testTheFirstMessageOpensTheConversationEventWithItsTextAndEachMessageCarriesItsTextAndPhotos() throws {
        // Given a verified user
        let owner = chat.owner("zoe@example.com")
        // When they write a first message, then one with two photos
        let first = try chat.send("The export button does nothing", owner: owner)
        let tokens = [try stagedImageToken(owner: owner), try stagedImageToken(owner: owner)]
        let second = try chat.call(
            ChatSend.self, .init(owner: owner, body: "Here is the screen", imageTokens: tokens, payloadHash: "h2"))
        // Then chat.conversation_created follows the first message's row and carries its ID and text
        XCTAssertEqual(try chat.outboxTopics(), ["chat.conversation_created", "chat.user_message", "chat.user_message"])
        let decoded = try events()
        guard case .chatConversationCreated(let created) = decoded[0] else { return XCTFail("\(decoded[0])") }
        XCTAssertEqual(created.firstMessageId, first.message.id)
        XCTAssertEqual(created.body, "The export button does nothing")
        XCTAssertNil(created.appVersion, "chat sends carry no app version")
        // And each chat.user_message carries its text and how many photos came with it
        guard case .chatUserMessage(let opening) = decoded[1], case .chatUserMessage(let later) = decoded[2] else {
            return XCTFail("\(decoded)")
        }
        XCTAssertEqual(opening.messageId, first.message.id)
        XCTAssertEqual(opening.body, "The export button does nothing")
        XCTAssertEqual(opening.imageCount, 0)
        XCTAssertEqual(later.messageId, second.message.id)
        XCTAssertEqual(later.body, "Here is the screen")
        XCTAssertEqual(later.imageCount, 2)
        XCTAssertEqual(second.message.images.count, 2)
    }

    func testATeamReplyCarriesItsTextKindAuthorAndSourceAndANoteWritesNothing() throws {
        // Given a conversation
        try chat.send("Hello")
        let id = try chat.conversationId()
        // When the dashboard replies, an integration replies, and a note is written
        let dashboard = try chat.reply("Looking into it", to: id)
        let telegram = try chat.call(
            ChatTeamPost.self,
            .init(
                projectId: chat.projectId, conversationId: id, body: "Fixed in 2.1", internal: false, author: "telegram:4242",
                idempotencyKey: "tg:-100:77", source: "telegram:int_1", requireOpen: true))
        try chat.reply("internal: check logs", to: id, internal: true)
        // Then two chat.replied events carry the text, kind text, the post's author and the source when there was one
        let events = try replied()
        XCTAssertEqual(events.map(\.messageId), [dashboard.id, telegram.id])
        XCTAssertEqual(events.map(\.body), ["Looking into it", "Fixed in 2.1"])
        XCTAssertEqual(events.map(\.kind), ["text", "text"])
        XCTAssertEqual(events.map(\.author), ["agent@team", "telegram:4242"])
        XCTAssertEqual(events.map(\.source), [nil, "telegram:int_1"])
    }

    func testReviewAndOfferCardsAreRepliedAsCards() throws {
        // Given a conversation whose owner reported a paywall
        try chat.send("Any discount?")
        let id = try chat.conversationId()
        _ = try chat.call(
            ChatPaywallsReplace.self,
            .init(
                owner: chat.owner(),
                snapshot: ChatPaywallSnapshot(paywalls: [ChatPaywallSnapshotTests.paywall("spring", title: "Spring sale")])))
        // When the team sends an offer card and a review card
        let offer = try chat.call(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: id, paywallId: "spring", buttonLabel: "See the offer",
                body: "Half price", author: "member:m1"))
        let review = try chat.call(ChatTeamReviewCard.self, .init(projectId: chat.projectId, conversationId: id))
        // Then both chat.replied events say card, with the text a client without cards shows
        let events = try replied()
        XCTAssertEqual(events.map(\.messageId), [offer.id, review.id])
        XCTAssertEqual(events.map(\.kind), ["card", "card"])
        XCTAssertEqual(events[0].body, "Half price")
        XCTAssertEqual(events[0].author, "member:m1")
        XCTAssertEqual(events[1].body, review.body)
        XCTAssertNil(events[1].author)
    }

    func testAResolutionNamesTheIntegrationThatResolvedIt() throws {
        // Given two conversations
        try chat.send("One")
        let first = try chat.conversationId()
        let other = chat.owner("bo@example.com")
        try chat.send("Two", owner: other)
        let second = try chat.conversationId(other)
        // When an integration resolves the first and the dashboard the second
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(
                projectId: chat.projectId, conversationId: first, sentiment: .neutral, automaticReviewRequests: false,
                source: "telegram:int_1"))
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(projectId: chat.projectId, conversationId: second, sentiment: .neutral, automaticReviewRequests: false))
        // Then each chat.resolved carries its source, or none
        let resolved = try events().compactMap { if case .chatResolved(let event) = $0 { return event } else { return nil } }
        XCTAssertEqual(resolved.map(\.conversationId), [first, second])
        XCTAssertEqual(resolved.map(\.source), ["telegram:int_1", nil])
    }

    func testARequireOpenReplyToAResolvedConversationIs409AndChangesNothingButAReplayIsAnswered() throws {
        // Given an integration's reply posted while the conversation was open, then the conversation resolved
        try chat.send("Hello")
        let id = try chat.conversationId()
        func post(_ body: String, key: String, requireOpen: Bool?) -> Result<ChatMessageDTO, RPCError> {
            chat.client.call(
                ChatTeamPost.self,
                .init(
                    projectId: chat.projectId, conversationId: id, body: body, internal: false, author: "telegram:4242",
                    idempotencyKey: key, source: "telegram:int_1", requireOpen: requireOpen), timeout: 5)
        }
        let first = try post("On it", key: "tg:-100:1", requireOpen: true).get()
        _ = try chat.call(
            ChatTeamResolve.self, .init(projectId: chat.projectId, conversationId: id, sentiment: .neutral, automaticReviewRequests: false))
        let topics = try chat.outboxTopics()
        let messages = try XCTUnwrap(chat.store.scalar("SELECT count(*) FROM messages").intValue)
        // When a new reply asks for an open conversation
        let refused = post("Anything else?", key: "tg:-100:2", requireOpen: true)
        // Then it is 409 CONVERSATION_RESOLVED, and no message or event was written
        guard case .failure(let error) = refused else { return XCTFail("a resolved conversation took the reply") }
        XCTAssertEqual(error.code, "CONVERSATION_RESOLVED")
        XCTAssertEqual(error.status, 409)
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages").intValue, messages)
        XCTAssertEqual(try chat.outboxTopics(), topics)
        // When the first reply is delivered again
        let replay = try post("On it", key: "tg:-100:1", requireOpen: true).get()
        // Then it answers the first message and writes nothing
        XCTAssertEqual(replay.id, first.id)
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages").intValue, messages)
        XCTAssertEqual(try chat.outboxTopics(), topics)
        // And a reply that does not ask for an open conversation (the dashboard's) is still posted
        let dashboard = try post("Reopening soon", key: "dash-1", requireOpen: nil).get()
        XCTAssertEqual(try replied().last?.messageId, dashboard.id)
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages").intValue, messages + 1)
    }
}
