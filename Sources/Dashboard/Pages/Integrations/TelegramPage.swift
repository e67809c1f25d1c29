/// `GET /dashboard/apps/{id}/integrations/telegram`: one app's Telegram connection. Everyone
/// sees its state, mode, bot, group, mapped members and the last problem; owners and admins
/// (`manageIntegrations`) connect a bot (`POST …/telegram`: `botToken`, `mode`), choose a
/// detected group (`…/telegram/group`: `groupId`), map or unmap members (`…/telegram/members`:
/// `telegramUserId`, `memberId` or `remove=1`) and disconnect (`…/telegram/disconnect`, with
/// `confirm=1` on its second step). A Free organization sees the plan notice and may only
/// disconnect. The bot token is never part of the page, not even after a refused connect.
public struct TelegramPage: Sendable {
    public enum State: String, Sendable, Equatable {
        case disconnected
        case awaitingGroup = "awaiting_group"
        case active
        case needsAttention = "needs_attention"
    }

    public struct Group: Sendable, Equatable {
        /// Telegram's chat ID, a negative integer as text.
        public var id: String
        public var title: String
        public var isForum: Bool
        public init(id: String, title: String, isForum: Bool) {
            self.id = id
            self.title = title
            self.isForum = isForum
        }
    }

    /// A Telegram user mapped to a member of the organization.
    public struct MappedMember: Sendable, Equatable {
        public var telegramUserId: String
        public var memberId: String
        public var name: String?
        public init(telegramUserId: String, memberId: String, name: String?) {
            self.telegramUserId = telegramUserId
            self.memberId = memberId
            self.name = name
        }
    }

    public typealias Problem = IntegrationProblem

    /// pushd's `TelegramConnection`, without anything secret.
    public struct Connection: Sendable, Equatable {
        public var state: State
        /// `webhook` or `polling`.
        public var mode: String?
        public var botUsername: String?
        public var group: Group?
        public var detectedGroups: [Group]
        public var members: [MappedMember]
        public var lastError: Problem?
        public var pending: Int
        public var connectedAt: String?
        public init(
            state: State, mode: String?, botUsername: String?, group: Group?, detectedGroups: [Group], members: [MappedMember],
            lastError: Problem?, pending: Int, connectedAt: String?
        ) {
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
    }

    /// A member of the organization the mapping form offers.
    public struct MemberChoice: Sendable, Equatable {
        public var id: String
        public var label: String
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    /// What a refused member mapping sent, drawn again.
    public struct MemberDraft: Sendable, Equatable {
        public var telegramUserId: String
        public var memberId: String
        public init(telegramUserId: String, memberId: String) {
            self.telegramUserId = telegramUserId
            self.memberId = memberId
        }
    }

    public var projectId: String
    public var appName: String
    /// nil when pushd did not answer: the page says so and offers nothing to change.
    public var connection: Connection?
    /// The hub has `APPNORTH_PUBLIC_URL`, so Telegram can post to a webhook.
    public var hasPublicURL: Bool
    /// `manageIntegrations`: owners and admins.
    public var canManage: Bool
    /// Pro, Studio or self-hosted; Free may only disconnect.
    public var planAllows: Bool
    public var memberChoices: [MemberChoice]
    /// The disconnect's second step is shown.
    public var confirmingDisconnect: Bool
    /// The mode a refused connect asked for (the token is never kept).
    public var modeDraft: String?
    public var connectProblems: FormProblems
    public var groupProblems: FormProblems
    public var memberDraft: MemberDraft?
    public var memberProblems: FormProblems

    public init(
        projectId: String, appName: String, connection: Connection?, hasPublicURL: Bool, canManage: Bool, planAllows: Bool,
        memberChoices: [MemberChoice] = [], confirmingDisconnect: Bool = false, modeDraft: String? = nil,
        connectProblems: FormProblems = .none, groupProblems: FormProblems = .none, memberDraft: MemberDraft? = nil,
        memberProblems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appName = appName
        self.connection = connection
        self.hasPublicURL = hasPublicURL
        self.canManage = canManage
        self.planAllows = planAllows
        self.memberChoices = memberChoices
        self.confirmingDisconnect = confirmingDisconnect
        self.modeDraft = modeDraft
        self.connectProblems = connectProblems
        self.groupProblems = groupProblems
        self.memberDraft = memberDraft
        self.memberProblems = memberProblems
    }

    public static func path(projectId: String) -> String { "/dashboard/apps/" + projectId + "/integrations/telegram" }

    var path: String { TelegramPage.path(projectId: projectId) }

    /// Connected in any state: there is something to show and to disconnect.
    var isConnected: Bool { connection.map { $0.state != .disconnected } ?? false }

    /// Changing the connection (other than disconnecting) needs the role and the plan.
    var canConfigure: Bool { canManage && planAllows }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Telegram · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("nav", .class("small crumbs"), .label("Breadcrumb")) {
                element("a", .href("/dashboard/apps/" + projectId)) { "← " + appName }
                " · Integrations"
            }
            element("div", .class("topline")) {
                element("h1") { "Telegram" }
                if let connection { stateBadge(connection.state) }
            }
            if !planAllows { element("div", .class("flash info"), Attribute("role", "status")) { TelegramPage.planNotice } }
            if let connection {
                if confirmingDisconnect && canManage && isConnected { confirmPanel(connection, token: viewer.formToken) }
                if let problem = connection.lastError, connection.state != .disconnected { problem.panel() }
                if isConnected {
                    element("div", .class("grid2 telegram")) {
                        element("div", .class("stack")) {
                            connectionPanel(connection, token: viewer.formToken)
                            groupsPanel(connection, token: viewer.formToken)
                        }
                        element("div", .class("stack")) {
                            membersPanel(connection, token: viewer.formToken)
                            stepsPanel
                        }
                    }
                } else {
                    element("div", .class("grid2 telegram")) {
                        element("div", .class("stack")) { connectPanel(token: viewer.formToken) }
                        element("div", .class("stack")) { stepsPanel }
                    }
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
        "Telegram is available on the Pro and Studio plans (and on self-hosted hubs). On this plan you can see the connection "
        + "and disconnect it, but not connect a bot or change it."

    func stateBadge(_ state: State) -> HTML {
        switch state {
        case .disconnected: return element("span", .class("badge")) { "Not connected" }
        case .awaitingGroup: return element("span", .class("badge warn")) { "Awaiting group" }
        case .active: return element("span", .class("badge ok")) { "Active" }
        case .needsAttention: return element("span", .class("badge bad")) { "Needs attention" }
        }
    }

    /// What the state means for the team, in one sentence.
    static func stateText(_ state: State) -> String {
        switch state {
        case .disconnected: return "No bot is connected; nothing is sent to Telegram."
        case .awaitingGroup: return "The bot is connected. Choose the group it posts to; until then nothing is forwarded."
        case .active: return "New conversations and reports open a topic in the group, and the team replies there."
        case .needsAttention: return "Telegram refused a delivery, so forwarding is paused. See the problem above."
        }
    }
}
