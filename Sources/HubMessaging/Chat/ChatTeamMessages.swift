/// `chat.team.conversations`: a project's conversations, most recent activity first.
public enum ChatTeamConversations: RPCMessage {
    public static let type = "chat.team.conversations"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var status: ChatConversationSummary.Status?
        /// true: only conversations with user messages the team has not read; false: only the others.
        public var unread: Bool?
        public var cursor: String?
        /// 1–100.
        public var limit: Int
        public init(
            projectId: String, status: ChatConversationSummary.Status? = nil, unread: Bool? = nil,
            cursor: String? = nil, limit: Int = 50
        ) {
            self.projectId = projectId
            self.status = status
            self.unread = unread
            self.cursor = cursor
            self.limit = limit
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ChatConversationSummary]
        public var nextCursor: String?
        public init(items: [ChatConversationSummary], nextCursor: String?) {
            self.items = items
            self.nextCursor = nextCursor
        }
    }
}

/// Names one conversation of a project.
public struct ChatConversationRef: Codable, Equatable, Sendable {
    public var projectId: String
    public var conversationId: String
    public init(projectId: String, conversationId: String) {
        self.projectId = projectId
        self.conversationId = conversationId
    }
}

/// `chat.team.conversation`: one conversation's summary, changing nothing.
public enum ChatTeamConversation: RPCMessage {
    public static let type = "chat.team.conversation"
    public typealias Request = ChatConversationRef
    public typealias Response = ChatConversationSummary
}

/// `chat.team.messages`: a page of the conversation's messages with internal notes, oldest
/// first; marks the user's messages read by the team when `markRead` says so.
public enum ChatTeamMessages: RPCMessage {
    public static let type = "chat.team.messages"
    public static let defaultLimit = 100
    public static let maximumLimit = 200
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var conversationId: String
        /// The previous page's `nextCursor`.
        public var cursor: String?
        public var limit: Int
        /// Whether reading marks the user's messages read by the team (absent: true, as callers
        /// that predate the field expect).
        public var markRead: Bool
        public init(
            projectId: String, conversationId: String, cursor: String? = nil, limit: Int = ChatTeamMessages.defaultLimit,
            markRead: Bool = true
        ) {
            self.projectId = projectId
            self.conversationId = conversationId
            self.cursor = cursor
            self.limit = limit
            self.markRead = markRead
        }

        private enum CodingKeys: String, CodingKey { case projectId, conversationId, cursor, limit, markRead }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            projectId = try c.decode(String.self, forKey: .projectId)
            conversationId = try c.decode(String.self, forKey: .conversationId)
            cursor = try c.decodeIfPresent(String.self, forKey: .cursor)
            limit = try c.decode(Int.self, forKey: .limit)
            markRead = try c.decodeIfPresent(Bool.self, forKey: .markRead) ?? true
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ChatMessageDTO]
        /// Set when more messages follow.
        public var nextCursor: String?
        public init(items: [ChatMessageDTO], nextCursor: String? = nil) {
            self.items = items
            self.nextCursor = nextCursor
        }
    }
}

/// `chat.team.post`: a team reply, or an internal note the user never sees.
public enum ChatTeamPost: RPCMessage {
    public static let type = "chat.team.post"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var conversationId: String
        public var body: String
        public var `internal`: Bool
        /// Who wrote it, for the team's timeline (`token:<API token ID>`); team image tokens
        /// are bound to it.
        public var author: String?
        /// Photos uploaded by `author` for this conversation (at most three); never on notes.
        public var imageTokens: [String]
        /// 1–128 characters: a second post with the same key in the conversation returns the
        /// first message and sends nothing (the same body), or is 409 `IDEMPOTENCY_CONFLICT`.
        public var idempotencyKey: String?
        /// The integration that posted it (`telegram:<integration id>`): carried into
        /// `chat.replied` so that integration does not post it back.
        public var source: String?
        /// true: a resolved conversation refuses the reply with 409 `CONVERSATION_RESOLVED`
        /// (the chat-ops integrations reply to open conversations only).
        public var requireOpen: Bool?
        public init(
            projectId: String, conversationId: String, body: String, internal: Bool, author: String? = nil,
            imageTokens: [String] = [], idempotencyKey: String? = nil, source: String? = nil, requireOpen: Bool? = nil
        ) {
            self.source = source
            self.requireOpen = requireOpen
            self.projectId = projectId
            self.conversationId = conversationId
            self.body = body
            self.internal = `internal`
            self.author = author
            self.imageTokens = imageTokens
            self.idempotencyKey = idempotencyKey
        }
    }
    public typealias Response = ChatMessageDTO
}

/// `chat.team.resolve`: resolves with the team's sentiment; a positive resolution with
/// `automaticReviewRequests` also sends the review-request card in the same transaction.
public enum ChatTeamResolve: RPCMessage {
    public static let type = "chat.team.resolve"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var conversationId: String
        public var sentiment: ChatConversationSummary.Sentiment
        /// The project's setting, passed by the caller.
        public var automaticReviewRequests: Bool
        /// The integration that resolved it, carried into `chat.resolved`.
        public var source: String?
        public init(
            projectId: String, conversationId: String, sentiment: ChatConversationSummary.Sentiment,
            automaticReviewRequests: Bool, source: String? = nil
        ) {
            self.source = source
            self.projectId = projectId
            self.conversationId = conversationId
            self.sentiment = sentiment
            self.automaticReviewRequests = automaticReviewRequests
        }
    }
    public typealias Response = ChatConversationSummary
}

/// `chat.team.reopen`: back to open, sentiment cleared.
public enum ChatTeamReopen: RPCMessage {
    public static let type = "chat.team.reopen"
    public typealias Request = ChatConversationRef
    public typealias Response = ChatConversationSummary
}

/// `chat.team.reviewCard`: the conversation's review-request card, sent once; later calls
/// return the existing one.
public enum ChatTeamReviewCard: RPCMessage {
    public static let type = "chat.team.reviewCard"
    public typealias Request = ChatConversationRef
    public typealias Response = ChatMessageDTO
}
