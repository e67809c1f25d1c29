import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd's `chat-outbox` job on a manual clock: acknowledged events go seven days after their
/// acknowledgement; pending ones stay, since pushd consumes every chat topic.
final class ChatOutboxRetentionTests: XCTestCase {
    var chat: ChatRPCFixture!
    let clock = ManualClock(ISOTime.parse("2026-11-20T10:00:00.000Z")!)

    // chatd alone: with no pushd to answer its relay, only the test acknowledges events.
    override func setUpWithError() throws { chat = try ChatRPCFixture(start: [.chatd], clock: clock) }
    override func tearDown() { chat?.shutdown() }

    var store: ChatStore { chat.chatStore }

    /// A user message and a team reply in `user`'s conversation; the reply's event ID.
    func reply(from user: String) throws -> String {
        let owner = chat.owner(user)
        try chat.send("Help", owner: owner, hash: "h-" + user)
        try chat.reply("Fixed", to: try chat.conversationId(owner))
        return try XCTUnwrap(store.outbox.pending(limit: 1_000, topics: [.chatReplied]).last?.id)
    }

    func runJob() throws -> Int {
        try chat.call(JobRun.self, JobRun.Request(name: ChatDaemon.outboxJob)).processed
    }

    func outboxIds() throws -> Set<String> {
        Set(try chat.store.query("SELECT id FROM outbox WHERE topic = 'chat.replied'").compactMap { $0.string("id") })
    }

    /// Pending events of topics other than chat.replied (each conversation's start and user message).
    func otherPending() throws -> Int {
        try store.outbox.pending(limit: 1_000).filter { $0.topic != OutboxTopic.chatReplied.rawValue }.count
    }

    func testAcknowledgedEventsGoSevenDaysAfterAcknowledgementAndPendingOnesStay() throws {
        // Given on day 0 three replies: one acknowledged at once, one acknowledged three days later,
        // one never acknowledged (pushd down all week)
        let early = try reply(from: "ana@example.com")
        let late = try reply(from: "ben@example.com")
        let pending = try reply(from: "cy@example.com")
        try store.outbox.acknowledge(ids: [early])
        clock.advance(by: 3 * 86_400)
        try store.outbox.acknowledge(ids: [late])
        XCTAssertTrue(OutboxConsumers.chatd.contains(.chatReplied))

        // When the job runs a second before the first acknowledgement is seven days old
        clock.advance(by: 4 * 86_400 - 1)
        let before = try runJob()

        // Then nothing went
        XCTAssertEqual(before, 0)
        XCTAssertEqual(try outboxIds(), [early, late, pending])
        XCTAssertEqual(try otherPending(), 6, "each conversation's created and user message events")

        // When it runs a second after
        clock.advance(by: 2)
        let after = try runJob()

        // Then only the event acknowledged seven days ago went; the one acknowledged four days
        // ago and the seven-day-old pending one stay, and the pending one is still delivered next;
        // so do the six pending events of the conversations' starts and messages, which pushd consumes too
        XCTAssertEqual(after, 1)
        XCTAssertEqual(try outboxIds(), [late, pending])
        XCTAssertEqual(try otherPending(), 6)
        XCTAssertEqual(try store.outbox.pending(topics: [.chatReplied]).map(\.id), [pending])
    }
}
