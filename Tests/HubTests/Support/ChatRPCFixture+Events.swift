import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import PushService

/// chatd's outbox and what pushd received of it, for the tests of event delivery.
extension ChatRPCFixture {
    var chatStore: ChatStore { ChatStore(db: store, clock: hub.clock) }
    var pushStore: PushStore { PushStore(db: hub.daemons[.pushd]!.context.store, clock: hub.clock) }

    /// A user message and a team reply; returns the conversation ID and the reply.
    func userMessageAndTeamReply(_ text: String = "Thanks, fixed in 2.1") throws -> (conversationId: String, reply: ChatMessageDTO) {
        try send("My sync stopped")
        let id = try conversationId()
        return (id, try reply(text, to: id))
    }

    /// Every outbox row with its acknowledgement time, oldest first.
    func outbox() throws -> [(event: ChatEvent, acknowledgedAt: String?)] {
        try store.query("SELECT * FROM outbox ORDER BY id").map {
            (
                ChatEvent(
                    id: $0.string("id")!, topic: $0.string("topic")!, projectId: $0.string("project_id"),
                    payload: $0.string("payload")!, createdAt: $0.string("created_at")!), $0.string("acknowledged_at")
            )
        }
    }

    /// The ID of the `chat.replied` event for `messageId`.
    func repliedEventId(messageId: String) throws -> String {
        let event = try outbox().map(\.event).first { event in
            guard case .chatReplied(let replied) = try? event.decoded() else { return false }
            return replied.messageId == messageId
        }
        return try XCTUnwrap(event?.id, "no chat.replied event for \(messageId)")
    }

    func logCount(_ message: String) -> Int {
        hub.logSink.lines.filter { $0.contains(message) }.count
    }
}
