/// `chat.team.inbox`: the conversations of several projects (an organization's apps) in one
/// list, most recent public activity first, with what the dashboard's inbox shows of each
/// (`projectId`, `ownerEmail`, `platform`, `bundleId`, `preview`), so one call fills a page.
public enum ChatTeamInbox: RPCMessage {
    public static let type = "chat.team.inbox"
    /// Projects one call may name: more than an organization's apps, fewer than a hostile list.
    public static let maximumProjects = 200
    /// Longest search text, in characters.
    public static let maximumTextLength = 120

    public struct Request: Codable, Equatable, Sendable {
        public var projectIds: [String]
        public var status: ChatConversationSummary.Status?
        /// true: only conversations with user messages the team has not read; false: only the others.
        public var unread: Bool?
        /// Matches the owner's email or the latest message, ignoring case.
        public var text: String?
        /// The previous page's `nextCursor`.
        public var cursor: String?
        /// 1–100.
        public var limit: Int

        public init(
            projectIds: [String], status: ChatConversationSummary.Status? = nil, unread: Bool? = nil, text: String? = nil,
            cursor: String? = nil, limit: Int = 50
        ) {
            self.projectIds = projectIds
            self.status = status
            self.unread = unread
            self.text = text
            self.cursor = cursor
            self.limit = limit
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var items: [ChatConversationSummary]
        /// Each item's position: as a `cursor`, the page that follows it. A caller merging this
        /// list with another one continues after the last item it showed.
        public var positions: [String]
        public var nextCursor: String?

        public init(items: [ChatConversationSummary], positions: [String], nextCursor: String?) {
            self.items = items
            self.positions = positions
            self.nextCursor = nextCursor
        }
    }
}
