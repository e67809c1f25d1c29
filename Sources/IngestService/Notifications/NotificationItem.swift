/// One item of the notifications feed. `id` is stable: made from the source's own IDs (and the
/// state or day it reports), so it names the same item on every call and read state sticks.
public struct NotificationItem: Encodable, Equatable, Sendable {
    public var id: String
    public var kind: NotificationKind
    /// nil for AppTracker events, which are about market apps rather than the organization's own.
    public var projectId: String?
    public var appName: String
    public var title: String
    /// The dashboard page (or, without one, the operator API path) of the source.
    public var link: String
    /// The source's own time; nil when the source has none.
    public var at: String?
    public var read: Bool
    /// Orders items without a time of their own among the others; not part of the JSON.
    var sortKey: String

    private enum CodingKeys: String, CodingKey { case id, kind, projectId, appName, title, link, at, read }

    // Every key is present; absent values are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(appName, forKey: .appName)
        try c.encode(title, forKey: .title)
        try c.encode(link, forKey: .link)
        try c.encode(at, forKey: .at)
        try c.encode(read, forKey: .read)
    }
}
