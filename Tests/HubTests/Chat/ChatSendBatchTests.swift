import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd's sends go through a group commit: sends arriving together share one transaction,
/// each in its own savepoint and answered after the commit, while the server thread keeps
/// answering; a failing send undoes only itself; order and idempotency hold inside a batch.
final class ChatSendBatchTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    /// A type chatd does not know: the server thread answers it at once, without the store.
    private enum Probe: RPCMessage {
        static let type = "test.probe"
        typealias Request = RPCEmpty
        typealias Response = RPCEmpty
    }

    /// Frames in chatd's WAL since the last truncating checkpoint.
    private func walFrames() throws -> Int {
        try XCTUnwrap(try chat.store.queryOne("PRAGMA wal_checkpoint(PASSIVE)")?.int("log"))
    }

    private func request(_ body: String, owner: String, key: String? = nil, images: [String] = []) -> ChatSend.Request {
        ChatSend.Request(
            owner: chat.owner(owner), body: body, imageTokens: images, platform: "ios", idempotencyKey: key, payloadHash: "h-\(body)")
    }

    func testSendsArrivingTogetherShareACommitAndOnlyTheFailingOneIsUndone() throws {
        // Given the cost of 10 sends made one after another, each its own commit
        _ = try chat.store.queryOne("PRAGMA wal_checkpoint(TRUNCATE)")
        for i in 0..<10 { try chat.send("Alone \(i)", owner: chat.owner("solo\(i)@example.com")) }
        let alone = try walFrames()
        _ = try chat.store.queryOne("PRAGMA wal_checkpoint(TRUNCATE)")

        // When 10 sends arrive while another write holds the store: three in order and a retry
        // of the first from one user, five from others, and one with an image token that is not theirs
        let requests =
            [
                request("first", owner: "same@example.com", key: "k1"), request("second", owner: "same@example.com"),
                request("third", owner: "same@example.com"), request("first", owner: "same@example.com", key: "k1"),
            ] + (0..<5).map { request("Together \($0)", owner: "many\($0)@example.com") }
            + [request("With a photo", owner: "photo@example.com", images: ["img_not_theirs"])]
        let lock = NSLock()
        var results: [Int: Result<ChatSend.Response, RPCError>] = [:]
        var probed = false
        let group = DispatchGroup()
        try chat.store.transaction {
            for (i, request) in requests.enumerated() {
                group.enter()
                chat.client.call(ChatSend.self, request) { result in
                    lock.withLock { results[i] = result }
                    group.leave()
                }
            }
            chat.client.call(Probe.self, RPCEmpty()) { _ in lock.withLock { probed = true } }
            // Then chatd's server thread answers behind them while they wait for the store
            XCTAssertTrue(eventually(timeout: 5, every: 0.01) { lock.withLock { probed } }, "server thread blocked by a send")
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)

        // And each send succeeded but the one with a foreign image, which left nothing behind
        let answers = try (0..<9).map { try XCTUnwrap(results[$0]).get() }
        guard case .failure(let refused) = try XCTUnwrap(results[9]) else { return XCTFail("a foreign image token was accepted") }
        XCTAssertEqual(refused.code, RPCError.invalidImageToken(field: "imageTokens[0]", "").code)
        XCTAssertNil(try chat.status(chat.owner("photo@example.com")).conversationId)
        // And the user's messages keep their order, the retry replaying the first
        XCTAssertEqual(answers.map(\.replayed), [false, false, false, true] + Array(repeating: false, count: 5))
        XCTAssertEqual(answers[3].message.id, answers[0].message.id)
        XCTAssertEqual(try chat.list(chat.owner("same@example.com")).map(\.body), ["first", "second", "third"])
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages").intValue, 10 + 3 + 5)
        // And the batch wrote far less than one commit per send
        let together = try walFrames()
        XCTAssertLessThan(together * 2, alone, "WAL frames: 10 sends together \(together), one by one \(alone)")
    }
}
