/// `feedback.team.reply`: a team reply to a private report from a chat-ops integration,
/// answered by ingest (which owns reports). The provider's message ID is the idempotency key,
/// so a webhook delivered again adds no second reply.
public enum FeedbackTeamReply: RPCMessage {
    public static let type = "feedback.team.reply"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var reportId: String
        public var message: String
        /// 1–128 characters; the same key and text answer the first reply (`replayed`), another
        /// text is 409 `IDEMPOTENCY_CONFLICT`.
        public var idempotencyKey: String
        /// `member:<id>` for a mapped member, else `telegram:<user id>` or `discord:<user id>`.
        public var author: String
        /// Shown in the report's timeline for an author who is not a member ("Ana on Telegram").
        public var authorName: String?
        /// `telegram:<integration id>`: carried into `feedback.replied` so it is not echoed back.
        public var source: String
        public init(
            projectId: String, reportId: String, message: String, idempotencyKey: String, author: String,
            authorName: String? = nil, source: String
        ) {
            self.projectId = projectId
            self.reportId = reportId
            self.message = message
            self.idempotencyKey = idempotencyKey
            self.author = author
            self.authorName = authorName
            self.source = source
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var replyId: String
        public var replayed: Bool
        /// true when the report had no contact and the reply was kept as a note.
        public var convertedToNote: Bool
        public init(replyId: String, replayed: Bool, convertedToNote: Bool) {
            self.replyId = replyId
            self.replayed = replayed
            self.convertedToNote = convertedToNote
        }
    }
}

/// `feedback.team.status`: a chat-ops integration sets a report's status (`/resolve` → `done`).
/// Setting the status it already has changes nothing and writes no event.
public enum FeedbackTeamStatus: RPCMessage {
    public static let type = "feedback.team.status"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var reportId: String
        /// `todo`, `in_progress` or `done`.
        public var status: String
        public var author: String
        public var source: String
        public init(projectId: String, reportId: String, status: String, author: String, source: String) {
            self.projectId = projectId
            self.reportId = reportId
            self.status = status
            self.author = author
            self.source = source
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var status: String
        public var changed: Bool
        public init(status: String, changed: Bool) {
            self.status = status
            self.changed = changed
        }
    }
}
