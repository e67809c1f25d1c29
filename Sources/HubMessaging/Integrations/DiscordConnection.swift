/// A project's Discord connection as the operator API and the dashboard show it. No token of
/// any kind is stored per organization or shown: the platform bot's token lives in the
/// environment.
public struct DiscordConnection: Codable, Equatable, Sendable {
    /// `disconnected`, `awaiting_channel` (installed in a server, no channel chosen),
    /// `active`, `needs_attention` (`lastError` says why; delivery retries once it is fixed).
    public enum State: String, Codable, Sendable {
        case disconnected
        case awaitingChannel = "awaiting_channel"
        case active
        case needsAttention = "needs_attention"
    }

    public struct Channel: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        /// A text channel where the bot has every permission it needs.
        public var eligible: Bool
        /// Why not, when not eligible (`NOT_A_TEXT_CHANNEL`, `MISSING_PERMISSIONS`).
        public var reason: String?
        public init(id: String, name: String, eligible: Bool, reason: String?) {
            self.id = id
            self.name = name
            self.eligible = eligible
            self.reason = reason
        }
    }

    public struct Installer: Codable, Equatable, Sendable {
        public var discordUserId: String
        public var username: String?
        public var memberId: String?
        public init(discordUserId: String, username: String?, memberId: String?) {
            self.discordUserId = discordUserId
            self.username = username
            self.memberId = memberId
        }
    }

    public struct Problem: Codable, Equatable, Sendable {
        /// `MISSING_PERMISSIONS`, `MISSING_ACCESS`, `UNKNOWN_CHANNEL`, `MESSAGE_CONTENT_INTENT`,
        /// `RECONCILE_LIMIT`.
        public var code: String
        public var message: String
        public var at: String
        public init(code: String, message: String, at: String) {
            self.code = code
            self.message = message
            self.at = at
        }
    }

    public var state: State
    public var guildId: String?
    public var guildName: String?
    public var channelId: String?
    /// The server's channels with their eligibility (asked of Discord when read).
    public var channels: [Channel]
    public var installer: Installer?
    public var lastError: Problem?
    /// Events waiting for delivery.
    public var pending: Int
    public var connectedAt: String?

    public init(
        state: State, guildId: String?, guildName: String?, channelId: String?, channels: [Channel], installer: Installer?,
        lastError: Problem?, pending: Int, connectedAt: String?
    ) {
        self.state = state
        self.guildId = guildId
        self.guildName = guildName
        self.channelId = channelId
        self.channels = channels
        self.installer = installer
        self.lastError = lastError
        self.pending = pending
        self.connectedAt = connectedAt
    }

    public static let disconnected = DiscordConnection(
        state: .disconnected, guildId: nil, guildName: nil, channelId: nil, channels: [], installer: nil, lastError: nil,
        pending: 0, connectedAt: nil)
}
