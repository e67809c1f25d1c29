import Shared

/// `chatd`: owns `chatd.sqlite` — conversations, messages, read state, action cards, paywall snapshots and chat images.
public enum ChatDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.chatd),
    ]

    public static var spec: DaemonSpec {
        DaemonSpec(name: .chatd, migrations: migrations)
    }
}
