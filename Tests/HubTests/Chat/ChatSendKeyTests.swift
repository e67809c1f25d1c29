import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// A user's keyed send into an open conversation learns from its own insert whether the owner
/// used the key before (the unique index `messages_idempotency`): a new key costs no lookup,
/// and a used one replays the earlier message, or is 409 for another payload, writing nothing,
/// whichever conversation the earlier message is in.
final class ChatSendKeyTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    /// Times chatd has looked a key up among the owner's messages.
    private func lookups() -> Int { chat.store.timesRun(ChatStore.keyedMessageSQL) }

    private func count(_ table: String) throws -> Int { try chat.store.scalar("SELECT count(*) FROM \(table)").intValue ?? -1 }

    /// The conversation's last message and last user message, as the team inbox reads them.
    private func lastSeqs(_ conversationId: String) throws -> [Int64?] {
        let row = try XCTUnwrap(
            try chat.store.queryOne(
                "SELECT last_message_seq, last_user_seq FROM conversations WHERE id = ?", [.text(conversationId)]))
        return [row.int64("last_message_seq"), row.int64("last_user_seq")]
    }

    func testNewKeysInAnOpenConversationAreNotLookedUpAndAUsedOneReplaysWritingNothing() throws {
        // Given a first keyed message, which opens the conversation (a send that opens one looks its key up first)
        let first = try chat.send("My sync stopped", key: "key-0001", hash: "hash-1")
        let afterOpening = lookups()
        XCTAssertEqual(afterOpening, 1)
        // When two more arrive with new keys
        let second = try chat.send("Still stopped", key: "key-0002", hash: "hash-2")
        let third = try chat.send("Any news?", key: "key-0003", hash: "hash-3")
        // Then they were stored without a lookup
        XCTAssertFalse(second.replayed || third.replayed)
        XCTAssertEqual(lookups(), afterOpening)
        XCTAssertEqual(try count("messages"), 3)
        let id = try chat.conversationId()
        let seqs = try lastSeqs(id)
        let events = try count("outbox")

        // When the second is retried
        let retry = try chat.send("Still stopped", key: "key-0002", hash: "hash-2")
        // Then it is the second message, found by one lookup once the insert met its key
        XCTAssertTrue(retry.replayed)
        XCTAssertEqual(retry.message, second.message)
        XCTAssertEqual(lookups(), afterOpening + 1)
        // When the third's key comes with another payload
        let conflict = chat.failure(
            ChatSend.self,
            .init(owner: chat.owner(), body: "Something else", idempotencyKey: "key-0003", payloadHash: "hash-other"))
        // Then it is 409
        XCTAssertEqual(conflict?.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(conflict?.status, 409)
        // And neither wrote anything: no message, no event, the conversation's markers as they were
        XCTAssertEqual(try count("messages"), 3)
        XCTAssertEqual(try count("outbox"), events)
        XCTAssertEqual(try lastSeqs(id), seqs)
        XCTAssertEqual(try chat.list().map(\.id), [first.message.id, second.message.id, third.message.id])
    }

    func testAKeyFromAnEarlierConversationReplaysThatMessageWhileANewerOneIsOpen() throws {
        // Given a keyed message in a conversation the team resolved, and a newer conversation open
        let old = try chat.send("first issue", key: "key-old", hash: "hash-old")
        let oldId = try chat.conversationId()
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(projectId: chat.projectId, conversationId: oldId, sentiment: .neutral, automaticReviewRequests: false))
        let next = try chat.send("second issue", key: "key-new", hash: "hash-new")
        let newId = try chat.conversationId()
        XCTAssertNotEqual(newId, oldId)
        let seqs = try lastSeqs(newId)
        let events = try count("outbox")
        // When the first message is retried
        let retry = try chat.send("first issue", key: "key-old", hash: "hash-old")
        // Then it is the first message, replayed, and the open conversation did not change
        XCTAssertTrue(retry.replayed)
        XCTAssertEqual(retry.message, old.message)
        XCTAssertEqual(try count("messages"), 2)
        XCTAssertEqual(try count("outbox"), events)
        XCTAssertEqual(try lastSeqs(newId), seqs)
        XCTAssertEqual(try chat.list().map(\.id), [next.message.id])

        // When the newer conversation is resolved too and its message retried
        _ = try chat.call(
            ChatTeamResolve.self,
            .init(projectId: chat.projectId, conversationId: newId, sentiment: .neutral, automaticReviewRequests: false))
        let again = try chat.send("second issue", key: "key-new", hash: "hash-new")
        // Then it replays without opening a third conversation
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(again.message, next.message)
        XCTAssertEqual(try count("conversations"), 2)
        XCTAssertEqual(try chat.conversationId(), newId)
    }
}
