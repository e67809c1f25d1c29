import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// A running chatd (with the other daemons a test asks for) and an `RPCClient` to it, as
/// ingest calls it, for the chat test classes.
final class ChatRPCFixture {
    let hub: HubHarness
    let client: RPCClient
    let projectId = "prj_" + String(TimeSortableID.shared.next().suffix(8))

    init(start daemons: [DaemonName] = [.chatd], clock: Clock = SystemClock()) throws {
        hub = try HubHarness(clock: clock)
        try hub.start(daemons)
        client = try hub.client(of: .chatd, clock: clock)
    }

    func shutdown() {
        client.close()
        hub.shutdown()
    }

    var store: SQLiteDatabase { hub.daemons[.chatd]!.context.store }

    func owner(_ email: String = "ana@example.com") -> ChatOwner {
        ChatOwner(projectId: projectId, kind: .email, value: email)
    }

    func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request) throws -> M.Response {
        try client.call(m, request, timeout: 5).get()
    }

    func failure<M: RPCMessage>(_ m: M.Type, _ request: M.Request, file: StaticString = #filePath, line: UInt = #line) -> RPCError? {
        switch client.call(m, request, timeout: 5) {
        case .success:
            XCTFail("\(M.type) succeeded", file: file, line: line)
            return nil
        case .failure(let error): return error
        }
    }

    @discardableResult
    func send(
        _ body: String, owner: ChatOwner? = nil, locale: String? = nil, key: String? = nil,
        hash: String = "h"
    ) throws -> ChatSend.Response {
        try call(
            ChatSend.self,
            ChatSend.Request(
                owner: owner ?? self.owner(), body: body, locale: locale,
                platform: "ios", idempotencyKey: key, payloadHash: hash))
    }

    @discardableResult
    func reply(_ body: String, to conversationId: String, internal: Bool = false) throws -> ChatMessageDTO {
        try call(
            ChatTeamPost.self,
            ChatTeamPost.Request(
                projectId: projectId, conversationId: conversationId, body: body,
                internal: `internal`, author: "agent@team"))
    }

    func status(_ owner: ChatOwner? = nil) throws -> ChatStatus.Response {
        try call(ChatStatus.self, ChatStatus.Request(owner: owner ?? self.owner()))
    }

    func list(_ owner: ChatOwner? = nil, after: String? = nil) throws -> [ChatMessageDTO] {
        try call(ChatMessagesList.self, ChatMessagesList.Request(owner: owner ?? self.owner(), after: after)).messages
    }

    func conversationId(_ owner: ChatOwner? = nil) throws -> String {
        try XCTUnwrap(status(owner).conversationId)
    }

    func outboxTopics() throws -> [String] {
        try store.query("SELECT topic FROM outbox ORDER BY id").compactMap { $0.string("topic") }
    }

    /// The topics of team-side changes: without the user's own messages and conversation starts.
    func teamOutboxTopics() throws -> [String] {
        let user: Set<String> = [OutboxTopic.chatConversationCreated.rawValue, OutboxTopic.chatUserMessage.rawValue]
        return try outboxTopics().filter { !user.contains($0) }
    }
}
