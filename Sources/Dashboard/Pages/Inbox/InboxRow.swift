/// One line of the inbox: a chat conversation or a private report, in the words the list shows.
public struct InboxRow: Sendable, Equatable {
    public var id: String
    public var kind: InboxQuery.Kind
    /// Reports: `problem`, `suggestion` or `comment`.
    public var reportType: String?
    public var appName: String
    /// The user's verified email (chat) or the reporter's email (report); nil when anonymous.
    public var email: String?
    /// The latest message of a conversation, the report's message; cut short by the page's width.
    public var preview: String
    public var state: InboxQuery.State
    /// Resolved conversations: `positive`, `neutral` or `negative`.
    public var sentiment: String?
    /// Reports: `none`, `low`, `medium`, `high` or `urgent`.
    public var priority: String?
    /// Reports: the assigned member's name.
    public var assignee: String?
    public var labels: [String]
    /// The user wrote since the team last read it (chat), or nobody has read the report yet.
    public var unread: Bool
    /// ISO-8601; the list is sorted by it, newest first.
    public var lastActivityAt: String

    public init(
        id: String, kind: InboxQuery.Kind, reportType: String? = nil, appName: String, email: String?, preview: String,
        state: InboxQuery.State, sentiment: String? = nil, priority: String? = nil, assignee: String? = nil, labels: [String] = [],
        unread: Bool, lastActivityAt: String
    ) {
        self.id = id
        self.kind = kind
        self.reportType = reportType
        self.appName = appName
        self.email = email
        self.preview = preview
        self.state = state
        self.sentiment = sentiment
        self.priority = priority
        self.assignee = assignee
        self.labels = labels
        self.unread = unread
        self.lastActivityAt = lastActivityAt
    }
}
