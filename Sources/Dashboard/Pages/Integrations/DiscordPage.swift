/// `GET /dashboard/apps/{id}/integrations/discord`: one app's Discord installation. Everyone
/// sees its state, server, channel, installer, pending deliveries and the last problem; owners
/// and admins (`manageIntegrations`) connect (`POST …/discord/install`, answered by a redirect
/// to Discord), choose a channel (`…/discord/channel`: `channelId`), send a test message
/// (`…/discord/test`) and disconnect (`…/discord/disconnect`, with `confirm=1` on its second
/// step). A Free organization sees the plan notice and may only disconnect.
public struct DiscordPage: Sendable {
    public enum State: String, Sendable, Equatable {
        case disconnected
        case awaitingChannel = "awaiting_channel"
        case active
        case needsAttention = "needs_attention"
    }

    /// A channel of the server, with why the bot may not use it when it may not.
    public struct Channel: Sendable, Equatable {
        public var id: String
        public var name: String
        public var eligible: Bool
        /// `NOT_A_TEXT_CHANNEL`, `MISSING_PERMISSIONS`.
        public var reason: String?
        public init(id: String, name: String, eligible: Bool, reason: String?) {
            self.id = id
            self.name = name
            self.eligible = eligible
            self.reason = reason
        }
    }

    /// The Discord account that authorized the bot, and the member it maps to.
    public struct Installer: Sendable, Equatable {
        public var discordUserId: String
        public var username: String?
        /// The member's name, when the installer maps to a member still in the organization.
        public var memberName: String?
        public init(discordUserId: String, username: String?, memberName: String?) {
            self.discordUserId = discordUserId
            self.username = username
            self.memberName = memberName
        }
    }

    public typealias Problem = IntegrationProblem

    /// pushd's `DiscordConnection`.
    public struct Connection: Sendable, Equatable {
        public var state: State
        public var guildId: String?
        public var guildName: String?
        public var channelId: String?
        public var channels: [Channel]
        public var installer: Installer?
        public var lastError: Problem?
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
    }

    public var projectId: String
    public var appName: String
    /// nil when pushd did not answer: the page says so and offers nothing to change.
    public var connection: Connection?
    /// The hub's platform bot is configured (its four environment values are set).
    public var configured: Bool
    /// `manageIntegrations`: owners and admins.
    public var canManage: Bool
    /// Pro, Studio or self-hosted; Free may only disconnect.
    public var planAllows: Bool
    /// The disconnect's second step is shown.
    public var confirmingDisconnect: Bool
    public var channelProblems: FormProblems

    public init(
        projectId: String, appName: String, connection: Connection?, configured: Bool, canManage: Bool, planAllows: Bool,
        confirmingDisconnect: Bool = false, channelProblems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appName = appName
        self.connection = connection
        self.configured = configured
        self.canManage = canManage
        self.planAllows = planAllows
        self.confirmingDisconnect = confirmingDisconnect
        self.channelProblems = channelProblems
    }

    public static func path(projectId: String) -> String { "/dashboard/apps/" + projectId + "/integrations/discord" }

    var path: String { DiscordPage.path(projectId: projectId) }

    /// Installed in a server, in any state: there is something to show and to disconnect.
    var isConnected: Bool { connection.map { $0.state != .disconnected } ?? false }

    /// Changing the installation (other than disconnecting) needs the role, the plan and the bot.
    public var canConfigure: Bool { canManage && planAllows && configured }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Discord · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("nav", .class("small crumbs"), .label("Breadcrumb")) {
                element("a", .href("/dashboard/apps/" + projectId)) { "← " + appName }
                " · Integrations"
            }
            element("div", .class("topline")) {
                element("h1") { "Discord" }
                if let connection { stateBadge(connection.state) }
            }
            if !planAllows { element("div", .class("flash info"), Attribute("role", "status")) { DiscordPage.planNotice } }
            if !configured { element("div", .class("flash info"), Attribute("role", "status")) { DiscordPage.notConfiguredNotice } }
            if let connection {
                if confirmingDisconnect && canManage && isConnected { confirmPanel(connection, token: viewer.formToken) }
                if let problem = connection.lastError, connection.state != .disconnected { problem.panel() }
                element("div", .class("grid2 discord")) {
                    element("div", .class("stack")) {
                        if isConnected {
                            connectionPanel(connection, token: viewer.formToken)
                            channelsPanel(connection, token: viewer.formToken)
                        } else {
                            connectPanel(token: viewer.formToken)
                        }
                    }
                    element("div", .class("stack")) { stepsPanel }
                }
            } else {
                element("p", .class("flash info")) {
                    "The delivery service did not answer, so the connection's state is unknown. Reload in a moment."
                }
                stepsPanel
            }
        }
    }

    static let planNotice =
        "Discord is available on the Pro and Studio plans (and on self-hosted hubs). On this plan you can see the connection "
        + "and disconnect it, but not connect a server, choose a channel or send a test message."

    static let notConfiguredNotice =
        "This hub's Discord bot is not configured, so no server can be connected. Whoever runs the hub sets "
        + "DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY, DISCORD_BOT_TOKEN and DISCORD_CLIENT_SECRET (see docs/discord.md)."

    func stateBadge(_ state: State) -> HTML {
        switch state {
        case .disconnected: return element("span", .class("badge")) { "Not connected" }
        case .awaitingChannel: return element("span", .class("badge warn")) { "Awaiting channel" }
        case .active: return element("span", .class("badge ok")) { "Active" }
        case .needsAttention: return element("span", .class("badge bad")) { "Needs attention" }
        }
    }

    /// What the state means for the team, in one sentence.
    static func stateText(_ state: State) -> String {
        switch state {
        case .disconnected: return "No server is connected; nothing is sent to Discord."
        case .awaitingChannel: return "The bot is in your server. Choose the channel it posts to; until then nothing is forwarded."
        case .active: return "New conversations and reports start a thread in the channel, and the team replies there."
        case .needsAttention: return "Discord refused a delivery; it is retried once the cause is fixed. See the problem above."
        }
    }
}
