import Foundation
import XCTest
@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd's `chat-outbox` job on a manual clock: acknowledged events go seven days after their
/// acknowledgement; pending ones stay, since pushd consumes every chat topic.
final class ChatOutboxRetentionTests: XCTestCase {
    var hub: HubHarness!
    var client: RPCClient!
    let clock = ManualClock(ISOTime.parse("2026-11-20T10:00:00.000Z")!)
    let projectId = "prj_" + String(TimeSortableID.shared.next().suffix(8))

    override func setUpWithError() throws {
        // chatd alone: with no pushd to answer its relay, only the test acknowledges events.
        hub = try HubHarness(clock: clock)
        try hub.start([.chatd])
        client = try RPCClient(peer: "chatd", endpoint: hub.config.endpoint(for: .chatd), clock: clock,
                               logger: Logger(daemon: "test", sink: MemoryLogSink()), defaultTimeout: 5)
    }

    override func tearDown() {
        client?.close()
        hub?.shutdown()
    }

    var store: ChatStore { ChatStore(db: hub.daemons[.chatd]!.context.store, clock: clock) }

    func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request) throws -> M.Response {
        try client.call(m, request, timeout: 5).get()
    }

    /// A user message and a team reply in `user`'s conversation; the reply's event ID.
    func reply(from user: String) throws -> String {
        let owner = ChatOwner(projectId: projectId, kind: .email, value: user)
        _ = try call(ChatSend.self, ChatSend.Request(owner: owner, body: "Help", platform: "ios", payloadHash: "h-" + user))
        let id = try XCTUnwrap(call(ChatStatus.self, ChatStatus.Request(owner: owner)).conversationId)
        _ = try call(ChatTeamPost.self, ChatTeamPost.Request(projectId: projectId, conversationId: id, body: "Fixed",
                                                             internal: false, author: "agent@team"))
        return try XCTUnwrap(store.outbox.pending(limit: 1_000).last?.id)
    }

    func runJob() throws -> Int {
        try call(JobRun.self, JobRun.Request(name: ChatDaemon.outboxJob)).processed
    }

    func outboxIds() throws -> Set<String> {
        Set(try hub.daemons[.chatd]!.context.store.query("SELECT id FROM outbox").compactMap { $0.string("id") })
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
        XCTAssertTrue(OutboxConsumers.chatd.contains(ChatOutboxTopic.replied))

        // When the job runs a second before the first acknowledgement is seven days old
        clock.advance(by: 4 * 86_400 - 1)
        let before = try runJob()

        // Then nothing went
        XCTAssertEqual(before, 0)
        XCTAssertEqual(try outboxIds(), [early, late, pending])

        // When it runs a second after
        clock.advance(by: 2)
        let after = try runJob()

        // Then only the event acknowledged seven days ago went; the one acknowledged four days
        // ago and the seven-day-old pending one stay, and the pending one is still delivered next
        XCTAssertEqual(after, 1)
        XCTAssertEqual(try outboxIds(), [late, pending])
        XCTAssertEqual(try store.outbox.pending().map(\.id), [pending])
    }
}
