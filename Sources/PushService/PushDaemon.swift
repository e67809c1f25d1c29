import Shared

/// `pushd`: owns `pushd.sqlite` — device registrations, sealed APNs credentials and the push queue.
public enum PushDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.pushd),
        PushSchema.chatEvents,
    ]

    public static var spec: DaemonSpec {
        DaemonSpec(name: .pushd, migrations: migrations) { context in
            let store = PushStore(db: context.store, clock: context.clock)
            PushEventHandlers.install(on: context.rpc, store: store)
        }
    }
}
