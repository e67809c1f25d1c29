import Foundation
import Shared

/// `events.deliver`: the durable intake of chatd's outbox events.
enum PushEventHandlers {
    static func install(on rpc: RPCServer, store: PushStore) {
        rpc.register(ChatEventDeliver.self) { request, _ in
            try validate(request.events)
            // The reply is built only after the commit, so an acknowledged ID is never lost here.
            return ChatEventDeliver.Response(acknowledged: try store.receive(request.events))
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
