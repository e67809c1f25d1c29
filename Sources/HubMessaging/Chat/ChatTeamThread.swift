/// `chat.team.thread`: everything the dashboard's conversation page shows in one call: the
/// conversation (found among `projectIds`, so the caller need not know its project), its
/// newest messages with notes and their authors, oldest first, and the owner's latest paywall
/// snapshot. Marks the user's messages read by the team when `markRead` says so; the page's
/// live refresh says no.
public enum ChatTeamThread: RPCMessage {
    public static let type = "chat.team.thread"

    public struct Request: Codable, Equatable, Sendable {
        public var projectIds: [String]
        public var conversationId: String
        public var markRead: Bool
        /// The newest this many messages, 1–200.
        public var limit: Int

        public init(projectIds: [String], conversationId: String, markRead: Bool, limit: Int = ChatTeamMessages.maximumLimit) {
            self.projectIds = projectIds
            self.conversationId = conversationId
            self.markRead = markRead
            self.limit = limit
        }
    }

    /// A message with who on the team wrote it (`member:<id>`, `token:<id>`; nil for the
    /// user's and the hub's own).
    public struct Entry: Codable, Equatable, Sendable {
        public var message: ChatMessageDTO
        public var author: String?

        public init(message: ChatMessageDTO, author: String?) {
            self.message = message
            self.author = author
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var conversation: ChatConversationSummary
        public var entries: [Entry]
        /// Older messages exist than the first entry.
        public var hasEarlier: Bool
        public var paywalls: ChatPaywallSnapshot?
        public var paywallsReceivedAt: String?

        public init(
            conversation: ChatConversationSummary, entries: [Entry], hasEarlier: Bool, paywalls: ChatPaywallSnapshot?,
            paywallsReceivedAt: String?
        ) {
            self.conversation = conversation
            self.entries = entries
            self.hasEarlier = hasEarlier
            self.paywalls = paywalls
            self.paywallsReceivedAt = paywallsReceivedAt
        }
    }
}
