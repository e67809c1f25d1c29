/// One feed item as the notifications page shows it.
public struct NotificationRow: Equatable, Sendable {
    public var id: String
    /// The kind's filter value (`chat`, `price-job`, …).
    public var kind: String
    public var appName: String
    public var title: String
    public var link: String
    /// The source's time; nil when the source has none, and then no time is shown.
    public var at: String?
    public var read: Bool

    public init(id: String, kind: String, appName: String, title: String, link: String, at: String?, read: Bool) {
        self.id = id
        self.kind = kind
        self.appName = appName
        self.title = title
        self.link = link
        self.at = at
        self.read = read
    }
}
