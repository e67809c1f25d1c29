import HubDaemon
import HubRuntime
import HubStore

/// `chatd`: owns `chatd.sqlite` — conversations, messages, read state, action cards, paywall snapshots and chat images.
public enum ChatDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.chatd),
        ChatSchema.core,
        ChatPaywallSchema.paywalls,
        ChatImageSchema.images,
        ChatSchema.outboxAcknowledged,
        ChatSchema.dashboard,
        ChatSchema.teamUnread,
        ChatImageSchema.retention,
        ChatSchema.hashedIdempotency,
        ChatSchema.outboxBySeq,
    ]

    /// The daemon job applying the outbox retention (`OutboxRetention`), every
    /// `APPNORTH_CLEANUP_INTERVAL_S` like ingest's `cleanup`.
    public static let outboxJob = "chat-outbox"

    public static var spec: DaemonSpec {
        DaemonSpec(name: .chatd, migrations: migrations) { context in
            let store = ChatStore(
                db: context.store, clock: context.clock,
                objects: LocalDirectoryObjectStore(root: context.config.objectStoreDirectory))
            // Runs before the RPC server stops: queued sends commit and are answered first.
            context.lifecycle.onShutdown("chat writes") { store.writes.stop() }
            ChatUserHandlers.install(on: context.rpc, store: store)
            ChatTeamHandlers.install(on: context.rpc, store: store)
            ChatCardHandlers.install(on: context.rpc, store: store)
            ChatPaywallHandlers.install(on: context.rpc, store: store)
            ChatImageHandlers.install(on: context.rpc, store: store)
            ChatAccountErasureHandlers.install(on: context.rpc, store: store)
            context.jobs.add(name: "chat-images", interval: context.config.cleanupInterval) {
                try store.removeUnsentImages()
            }
            context.jobs.add(name: outboxJob, interval: context.config.cleanupInterval) { try store.outbox.removeExpired() }
            ChatPushHandlers.install(on: context.rpc, store: store)
            ChatErasureHandlers.install(on: context.rpc, store: store)
            try OutboxRelay.install(on: context, outbox: store.outbox, name: "chat")
        }
    }
}
