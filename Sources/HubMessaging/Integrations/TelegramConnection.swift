/// A project's Telegram connection as the operator API and the dashboard show it: never the
/// bot token or the webhook secret.
public struct TelegramConnection: Codable, Equatable, Sendable {
    /// `disconnected` (never connected, or disconnected), `awaiting_group` (connected, no group
    /// chosen: nothing is forwarded), `active`, `needs_attention` (a provider refusal stopped
    /// delivery; `lastError` says which).
    public enum State: String, Codable, Sendable {
        case disconnected
        case awaitingGroup = "awaiting_group"
        case active
        case needsAttention = "needs_attention"
    }

    public enum Mode: String, Codable, Sendable, CaseIterable {
        case webhook
        case polling
    }

    public struct Group: Codable, Equatable, Sendable {
        /// Telegram's chat ID (a negative integer), as a string so no client rounds it.
        public var id: String
        public var title: String
        public var isForum: Bool
        public init(id: String, title: String, isForum: Bool) {
            self.id = id
            self.title = title
            self.isForum = isForum
        }
    }

    public struct Member: Codable, Equatable, Sendable {
        public var telegramUserId: String
        public var memberId: String
        /// The member's name or email when mapped, for display.
        public var name: String?
        public init(telegramUserId: String, memberId: String, name: String?) {
            self.telegramUserId = telegramUserId
            self.memberId = memberId
            self.name = name
        }
    }

    public struct Problem: Codable, Equatable, Sendable {
        /// `NOT_ENOUGH_RIGHTS`, `NOT_A_FORUM`, `TOPIC_DELETED`, `BOT_REMOVED`, `TOKEN_REJECTED`,
        /// `WEBHOOK_FAILED`, `GROUP_NOT_FOUND`.
        public var code: String
        /// A generic sentence for people; never a token or a provider's raw text.
        public var message: String
        public var at: String
        public init(code: String, message: String, at: String) {
            self.code = code
            self.message = message
            self.at = at
        }
    }

    public var id: String?
    public var state: State
    public var mode: Mode?
    /// The bot's @username, as `getMe` answered.
    public var botUsername: String?
    public var group: Group?
    public var detectedGroups: [Group]
    public var members: [Member]
    public var lastError: Problem?
    /// Events waiting for delivery to Telegram.
    public var pending: Int
    public var connectedAt: String?

    public init(
        id: String?, state: State, mode: Mode?, botUsername: String?, group: Group?, detectedGroups: [Group],
        members: [Member], lastError: Problem?, pending: Int, connectedAt: String?
    ) {
        self.id = id
        self.state = state
        self.mode = mode
        self.botUsername = botUsername
        self.group = group
        self.detectedGroups = detectedGroups
        self.members = members
        self.lastError = lastError
        self.pending = pending
        self.connectedAt = connectedAt
    }

    public static let disconnected = TelegramConnection(
        id: nil, state: .disconnected, mode: nil, botUsername: nil, group: nil, detectedGroups: [], members: [],
        lastError: nil, pending: 0, connectedAt: nil)
}
