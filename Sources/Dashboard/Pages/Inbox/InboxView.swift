import Foundation

/// The inbox page (`GET /dashboard`): the filters as asked, what they may choose from, and one
/// page of conversations and reports, newest activity first.
public struct InboxView: Sendable {
    public var query: InboxQuery
    /// The organization's apps the viewer may open.
    public var apps: [InboxChoice]
    /// Members a report may be assigned to.
    public var members: [InboxChoice]
    /// Labels in use on the organization's reports.
    public var labels: [String]
    public var rows: [InboxRow]
    /// Set when older items follow.
    public var nextCursor: String?
    /// The time the page is rendered at, for "5 min ago".
    public var now: Date

    public init(
        query: InboxQuery, apps: [InboxChoice], members: [InboxChoice] = [], labels: [String] = [], rows: [InboxRow],
        nextCursor: String? = nil, now: Date
    ) {
        self.query = query
        self.apps = apps
        self.members = members
        self.labels = labels
        self.rows = rows
        self.nextCursor = nextCursor
        self.now = now
    }
}
