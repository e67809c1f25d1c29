/// `chat.team.unread`: the conversations of several projects (an organization's apps) with user
/// messages the team has not read, each with its latest user message, most recent first, in
/// one call for the notifications feed.
public enum ChatTeamUnread: RPCMessage {
    public static let type = "chat.team.unread"
    public static let maximumLimit = 200

    public struct Request: Codable, Equatable, Sendable {
        /// 1–`ChatTeamInbox.maximumProjects` projects.
        public var projectIds: [String]
        public var limit: Int
        public init(projectIds: [String], limit: Int) {
            self.projectIds = projectIds
            self.limit = limit
        }
    }

    /// One unread conversation, named by its latest user message, which is what makes it unread.
    public struct Item: Codable, Equatable, Sendable {
        public var conversationId: String
        public var projectId: String
        public var lastUserMessageId: String
        /// When the latest user message was written.
        public var lastUserMessageAt: String
        /// The owner's verified email; nil for an anonymous (voter token) owner.
        public var ownerEmail: String?
        /// The start of the latest user message.
        public var preview: String
        public init(
            conversationId: String, projectId: String, lastUserMessageId: String, lastUserMessageAt: String, ownerEmail: String?,
            preview: String
        ) {
            self.conversationId = conversationId
            self.projectId = projectId
            self.lastUserMessageId = lastUserMessageId
            self.lastUserMessageAt = lastUserMessageAt
            self.ownerEmail = ownerEmail
            self.preview = preview
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var items: [Item]
        public init(items: [Item]) { self.items = items }
    }
}
