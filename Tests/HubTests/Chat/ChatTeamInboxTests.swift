import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

final class ChatTeamInboxTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    func testInternalNoteIsInvisibleToTheUserAndCreatesNoEvent() throws {
        // Given a conversation the user has read
        let sent = try chat.send("Billing question")
        let id = try chat.conversationId()
        _ = try chat.list()
        // When the team adds an internal note
        let note = try chat.reply("Check their invoice first", to: id, internal: true)
        // Then the user sees neither the note nor an unread state, the team sees it marked internal, and no event exists
        XCTAssertEqual(try chat.list().map(\.id), [sent.message.id])
        XCTAssertFalse(try chat.status().hasUnread)
        let team = try chat.call(ChatTeamMessages.self, .init(projectId: chat.projectId, conversationId: id)).items
        XCTAssertEqual(team.map(\.id), [sent.message.id, note.id])
        XCTAssertEqual(team.map(\.internal), [false, true])
        XCTAssertEqual(try chat.outboxTopics(), ["chat.conversation_created", "chat.user_message"], "the note adds none")
        XCTAssertEqual(chat.failure(ChatMessagesList.self, .init(owner: chat.owner(), after: note.id))?.code, "MESSAGE_NOT_FOUND")
    }

    func testOutboxRecordsRepliedReadAndResolvedInTheirTransactions() throws {
        // Given a conversation
        try chat.send("Hello")
        let id = try chat.conversationId()
        // When the team replies, the user reads (twice), and the team resolves
        let reply = try chat.reply("Hi!", to: id)
        _ = try chat.list()
        _ = try chat.list()
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(
                projectId: chat.projectId, conversationId: id, sentiment: .negative,
                automaticReviewRequests: true))
        // Then exactly one event of each kind was written, naming the conversation
        XCTAssertEqual(
            try chat.outboxTopics(),
            ["chat.conversation_created", "chat.user_message", "chat.replied", "chat.read", "chat.resolved"])
        let store = ChatStore(db: chat.store, clock: SystemClock())
        let events = try store.outbox.pending(topics: OutboxConsumers.chatd)
        XCTAssertEqual(events.count, 5)
        let replied = try JSONSerialization.jsonObject(with: Data(events[2].payload.utf8)) as? [String: Any]
        XCTAssertEqual(replied?["messageId"] as? String, reply.id)
        XCTAssertEqual(replied?["conversationId"] as? String, id)
        XCTAssertEqual(events[2].projectId, chat.projectId)
        let resolved = try JSONSerialization.jsonObject(with: Data(events[4].payload.utf8)) as? [String: Any]
        XCTAssertEqual(resolved?["sentiment"] as? String, "negative")
        // When acknowledged, nothing stays pending
        try store.outbox.acknowledge(ids: events.map(\.id))
        XCTAssertEqual(try store.outbox.pending(topics: OutboxConsumers.chatd), [])
    }

    func testInboxFiltersByStatusAndUnreadAndPages() throws {
        // Given three users' conversations, one resolved and one read by the team
        for user in ["a@x.io", "b@x.io", "c@x.io"] { try chat.send("help", owner: chat.owner(user)) }
        let a = try chat.conversationId(chat.owner("a@x.io"))
        let b = try chat.conversationId(chat.owner("b@x.io"))
        let c = try chat.conversationId(chat.owner("c@x.io"))
        let resolved = try chat.call(
            ChatTeamResolve.self,
            .init(
                projectId: chat.projectId, conversationId: a, sentiment: .neutral,
                automaticReviewRequests: false))
        _ = try chat.call(ChatTeamMessages.self, .init(projectId: chat.projectId, conversationId: b))
        // When listing with filters and a page size of two
        let open = try chat.call(ChatTeamConversations.self, .init(projectId: chat.projectId, status: .open))
        let unread = try chat.call(ChatTeamConversations.self, .init(projectId: chat.projectId, unread: true))
        let page1 = try chat.call(ChatTeamConversations.self, .init(projectId: chat.projectId, limit: 2))
        let page2 = try chat.call(ChatTeamConversations.self, .init(projectId: chat.projectId, cursor: page1.nextCursor, limit: 2))
        let elsewhere = try chat.call(ChatTeamConversations.self, .init(projectId: "prj_other"))
        // Then each filter holds, pages are newest first without overlap, and other projects see nothing
        XCTAssertEqual(resolved.status, .resolved)
        XCTAssertEqual(resolved.sentiment, .neutral)
        XCTAssertEqual(Set(open.items.map(\.id)), [b, c])
        XCTAssertEqual(Set(unread.items.map(\.id)), [a, c])
        XCTAssertEqual(page1.items.map(\.id), [c, b])
        XCTAssertEqual(page2.items.map(\.id), [a])
        XCTAssertNil(page2.nextCursor)
        XCTAssertEqual(elsewhere.items, [])
        XCTAssertEqual(page1.items.first?.ownerKind, .email)
    }

    func testReopenClearsTheSentimentAndUnknownConversationsAre404() throws {
        // Given a resolved conversation
        try chat.send("Hello")
        let id = try chat.conversationId()
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(
                projectId: chat.projectId, conversationId: id, sentiment: .positive,
                automaticReviewRequests: false))
        // When reopened
        let reopened = try chat.call(ChatTeamReopen.self, .init(projectId: chat.projectId, conversationId: id))
        // Then it is open again, and the next user message stays in it
        XCTAssertEqual(reopened.status, .open)
        XCTAssertNil(reopened.sentiment)
        try chat.send("one more thing")
        XCTAssertEqual(try chat.conversationId(), id)
        // And another project's ID or an unknown one is 404
        let wrongProject = chat.failure(ChatTeamPost.self, .init(projectId: "prj_other", conversationId: id, body: "x", internal: false))
        XCTAssertEqual(wrongProject?.code, "CONVERSATION_NOT_FOUND")
        XCTAssertEqual(wrongProject?.status, 404)
        XCTAssertEqual(
            chat.failure(ChatTeamReopen.self, .init(projectId: chat.projectId, conversationId: "nope"))?.code,
            "CONVERSATION_NOT_FOUND")
    }
}
