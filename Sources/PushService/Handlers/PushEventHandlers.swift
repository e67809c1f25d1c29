import Foundation
import HubMessaging

/// `events.deliver`: the durable intake of chatd's outbox events.
enum PushEventHandlers {
    /// `queued` runs after a commit that queued pushes (pushd wakes its `push` job with it).
    /// `posted` runs after a commit that queued integration posts (pushd wakes Telegram delivery),
    /// `emailed` after one that queued emails or held team alerts (pushd wakes email delivery
    /// and the `email-alerts` job).
    static func install(
        on rpc: RPCServer, store: PushStore, queued: @escaping @Sendable () -> Void = {},
        posted: @escaping @Sendable () -> Void = {}, emailed: @escaping @Sendable () -> Void = {}
    ) {
        rpc.register(ChatEventDeliver.self) { request, _ in
            try validate(request.events)
            // The reply is built only after the commit, so an acknowledged ID is never lost here.
            let received = try store.receive(request.events)
            if received.queued > 0 { queued() }
            if received.posts > 0 { posted() }
            if received.emails > 0 { emailed() }
            return ChatEventDeliver.Response(acknowledged: received.acknowledged)
        }
    }

    static func validate(_ events: [ChatEvent]) throws {
        if events.count > ChatEventDeliver.maximumBatch {
            throw RPCError.invalidPayload(field: "events", "must hold at most \(ChatEventDeliver.maximumBatch) events")
        }
        for (index, event) in events.enumerated() {
            if event.id.isEmpty { throw RPCError.invalidPayload(field: "events[\(index)].id", "is required") }
            if event.topic.isEmpty { throw RPCError.invalidPayload(field: "events[\(index)].topic", "is required") }
        }
    }
}
