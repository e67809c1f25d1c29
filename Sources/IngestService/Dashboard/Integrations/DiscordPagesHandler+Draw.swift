import Dashboard
import HubHTTPServer
import HubMessaging

/// Filling the page from pushd's `DiscordConnection` and the organization's members.
extension DiscordPagesHandler {
    /// Asks pushd for the installation with its channels and draws it; pushd not answering
    /// leaves a page that says so.
    func draw(
        _ context: PageContext, _ project: Project, status: Int, _ respond: @escaping Route.Completion,
        _ render: @escaping (DiscordPage) -> HTML
    ) {
        let session = context.session
        let planAllows: Bool
        let names: [String: String]
        do {
            planAllows = (try store.organization(id: session.organizationId)?.entitlements ?? .selfhosted) != .free
            names = Dictionary(
                try store.members(organizationId: session.organizationId).map { ($0.id, $0.name.isEmpty ? $0.email : $0.name) },
                uniquingKeysWith: { first, _ in first })
        } catch {
            return respond(.failure(error))
        }
        push.client.call(DiscordConnectionGet.self, .init(projectId: project.id), timeout: AdminDiscordHandler.discordTimeout) {
            result in
            let page = DiscordPage(
                projectId: project.id, appName: project.name,
                connection: (try? result.get()).map { DiscordPagesHandler.view($0, memberNames: names) },
                configured: settings.configured, canManage: session.role.allows(.manageIntegrations), planAllows: planAllows)
            let toDiscord = page.canConfigure ? settings.authorizeOrigin.map { [$0] } ?? [] : []
            respond(.success(PageResponse.html(render(page), status: status, formActionsAlso: toDiscord)))
        }
    }

    /// The installer's member is named only while they are still in the organization.
    static func view(_ connection: DiscordConnection, memberNames: [String: String]) -> DiscordPage.Connection {
        DiscordPage.Connection(
            state: DiscordPage.State(rawValue: connection.state.rawValue) ?? .needsAttention, guildId: connection.guildId,
            guildName: connection.guildName, channelId: connection.channelId,
            channels: connection.channels.map { .init(id: $0.id, name: $0.name, eligible: $0.eligible, reason: $0.reason) },
            installer: connection.installer.map {
                .init(discordUserId: $0.discordUserId, username: $0.username, memberName: $0.memberId.flatMap { memberNames[$0] })
            },
            lastError: connection.lastError.map { .init(code: $0.code, message: $0.message, at: $0.at) }, pending: connection.pending,
            connectedAt: connection.connectedAt)
    }

    /// The short notice a good post's redirect asks for.
    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "installed": return .ok("The bot was added to your server. Choose the channel it posts to.")
        case "channel": return .ok("Channel saved. New conversations and reports start a thread there.")
        case "tested": return .ok("Test message sent. Look for it in the channel.")
        case "disconnected": return .ok("Discord disconnected. Pending deliveries and thread mappings were removed.")
        default: return nil
        }
    }
}
