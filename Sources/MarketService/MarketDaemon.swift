import Shared

/// `marketd`: owns `marketd.sqlite` — the market catalog, chart snapshots, estimates, watchlists and tracker events.
public enum MarketDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.marketd),
    ]

    public static var spec: DaemonSpec {
        DaemonSpec(name: .marketd, migrations: migrations)
    }
}
