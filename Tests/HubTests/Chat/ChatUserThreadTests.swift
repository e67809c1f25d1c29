import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

final class ChatUserThreadTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    func testTeamReplyIsUnreadUntilTheUserListsTheConversation() throws {
        // Given a user's message and a team reply
        let sent = try chat.send("My sync stopped working")
        let id = try chat.conversationId()
        let reply = try chat.reply("Try signing out and in again", to: id)
        // When the user checks the status twice, then lists
        let first = try chat.status()
        let second = try chat.status()
        let messages = try chat.list()
        let after = try chat.status()
        // Then status shows unread without consuming it, and the list clears it
        XCTAssertTrue(first.hasUnread)
        XCTAssertTrue(second.hasUnread)
        XCTAssertEqual(messages.map(\.id), [sent.message.id, reply.id])
        XCTAssertEqual(messages.map(\.sender), [.user, .team])
        XCTAssertNil(messages[0].internal)
        XCTAssertFalse(after.hasUnread)
    }

    func testAfterReturnsOnlyNewerMessages() throws {
        // Given three messages
        let first = try chat.send("one")
        let id = try chat.conversationId()
        let second = try chat.reply("two", to: id)
        let third = try chat.send("three")
        // When listing after the first
        let newer = try chat.list(after: first.message.id)
        // Then only the later two come back, and an unknown cursor is refused
        XCTAssertEqual(newer.map(\.id), [second.id, third.message.id])
        XCTAssertEqual(try chat.list(after: third.message.id), [])
        XCTAssertEqual(chat.failure(ChatMessagesList.self, .init(owner: chat.owner(), after: "nope"))?.code, "MESSAGE_NOT_FOUND")
    }

    func testIdempotentSendStoresOneRowAndConflictsOnAnotherPayload() throws {
        // Given a message sent with a key
        let first = try chat.send("Hello", key: "key-0001", hash: "hash-a")
        // When retried with the same key and hash, then with another hash
        let retry = try chat.send("Hello", key: "key-0001", hash: "hash-a")
        let conflict = chat.failure(
            ChatSend.self,
            .init(
                owner: chat.owner(), body: "Other", idempotencyKey: "key-0001",
                payloadHash: "hash-b"))
        // Then the retry is the same message, replayed, one row exists, and the other payload is 409
        XCTAssertFalse(first.replayed)
        XCTAssertTrue(retry.replayed)
        XCTAssertEqual(retry.message, first.message)
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages").intValue, 1)
        XCTAssertEqual(conflict?.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(conflict?.status, 409)
    }

    func testASentMessageIsWhatTheThreadThenShows() throws {
        // Given a first message, which opens the conversation, and a second one with text that needs escaping
        let first = try chat.send("Hello")
        let second = try chat.send("Line one\nline \"two\" / é 😀\u{2028}")
        // When the user lists the thread
        let listed = try chat.list()
        // Then each reply to a send is the message as stored
        XCTAssertEqual(listed, [first.message, second.message])
        XCTAssertEqual(second.message.body, "Line one\nline \"two\" / é 😀\u{2028}")
    }

    func testAnotherOwnerNeverSeesTheConversation() throws {
        // Given Ana's conversation with a team reply
        try chat.send("private question")
        try chat.reply("private answer", to: try chat.conversationId())
        let bea = chat.owner("bea@example.com")
        let anaInOtherProject = ChatOwner(projectId: "prj_other", kind: .email, value: "ana@example.com")
        let anaAsToken = ChatOwner(projectId: chat.projectId, kind: .token, value: "ana@example.com")
        // Then neither another email, the same email in another project, nor a token owner sees it
        for stranger in [bea, anaInOtherProject, anaAsToken] {
            XCTAssertEqual(try chat.list(stranger), [], "\(stranger)")
            XCTAssertEqual(try chat.status(stranger), ChatStatus.Response(hasUnread: false, conversationId: nil))
        }
    }

    func testAMessageAfterResolutionStartsANewConversation() throws {
        // Given a resolved conversation with a team reply
        let old = try chat.send("first issue")
        let oldId = try chat.conversationId()
        let answer = try chat.reply("fixed", to: oldId)
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(
                projectId: chat.projectId, conversationId: oldId, sentiment: .neutral,
                automaticReviewRequests: false))
        // When the user reads before writing again
        let before = try chat.list()
        // Then the resolved conversation is still theirs to read
        XCTAssertEqual(try chat.status().conversationId, oldId)
        XCTAssertEqual(before.map(\.id), [old.message.id, answer.id])
        // When they write again
        let next = try chat.send("second issue")
        // Then a new conversation holds only the new message
        let newId = try chat.conversationId()
        XCTAssertNotEqual(newId, oldId)
        XCTAssertEqual(try chat.list().map(\.id), [next.message.id])
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM conversations").intValue, 2)
    }

    func testInvalidBodiesAndImagesAreRefusedAndStoreNothing() throws {
        // When sending an empty, an over-long and a message with an unknown image token
        let empty = chat.failure(ChatSend.self, .init(owner: chat.owner(), body: "  ", payloadHash: "h"))
        let long = chat.failure(ChatSend.self, .init(owner: chat.owner(), body: String(repeating: "a", count: 2_001), payloadHash: "h"))
        let images = chat.failure(ChatSend.self, .init(owner: chat.owner(), body: "see", imageTokens: ["img"], payloadHash: "h"))
        // Then each is 400 naming its field (INVALID_IMAGE_TOKEN for the token), and nothing was stored
        XCTAssertEqual(empty?.fields?["body"] != nil, true)
        XCTAssertEqual(long?.fields?["body"] != nil, true)
        XCTAssertEqual(images?.fields?["imageTokens[0]"], ["is not an image token of this sender"])
        XCTAssertEqual(images?.code, "INVALID_IMAGE_TOKEN")
        XCTAssertEqual(images?.status, 400)
        for error in [empty, long] {
            XCTAssertEqual(error?.code, "INVALID_PAYLOAD")
            XCTAssertEqual(error?.status, 400)
        }
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM conversations").intValue, 0)
        XCTAssertNoThrow(try chat.send(String(repeating: "a", count: 2_000)))
    }
}
