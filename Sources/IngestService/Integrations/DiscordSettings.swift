import Foundation
import HubDaemon
import HubHTTPServer
import HubMessaging
import HubRuntime

/// What installing, configuring, testing and disconnecting Discord means for a project,
/// whoever asks (the operator API or the dashboard): the role, plan and environment checks,
/// the values checked before pushd is called, and the RPC requests. pushd does the rest.
struct DiscordSettings {
    let store: IngestStore
    let publicURL: String?
    /// The platform bot's environment is complete; without it nothing can be installed.
    let configured: Bool
    /// The origin of Discord's authorize page (`APPNORTH_DISCORD_OAUTH_URL`), where Connect
    /// Discord's post is redirected; nil when it is not a plain `scheme://host[:port]`.
    let authorizeOrigin: String?

    init(store: IngestStore, config: HubConfig) {
        self.store = store
        publicURL = config.publicURL
        configured =
            config.discordApplicationId != nil && config.discordPublicKey != nil && config.discordBotToken != nil
            && config.discordClientSecret != nil
        authorizeOrigin = DiscordSettings.origin(of: config.discordOAuthURL)
    }

    /// `https://discord.com` of `https://discord.com/oauth2/authorize`; only letters, digits,
    /// dots and dashes in the host, since it goes into a Content-Security-Policy.
    static func origin(of url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = parts.host, !host.isEmpty,
            host.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-" }),
            host.unicodeScalars.allSatisfy(\.isASCII)
        else { return nil }
        return scheme + "://" + host + (parts.port.map { ":" + String($0) } ?? "")
    }

    /// Where Discord sends the browser back after authorizing the bot.
    static let callbackPath = "/api/v1/integrations/discord/callback"
    /// Discord's IDs are snowflakes: 64-bit integers, at most 20 digits.
    static let maximumSnowflakeLength = 20

    static let notConfigured = APIError(
        status: 503, code: "DISCORD_NOT_CONFIGURED",
        message: "the hub's Discord bot is not configured (DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY, DISCORD_BOT_TOKEN, "
            + "DISCORD_CLIENT_SECRET)")

    func requireConfigured() throws { guard configured else { throw Self.notConfigured } }

    /// Owners and admins of a Pro, Studio or self-hosted organization, on a hub with the bot.
    func requireConnectable(_ actor: AccountActor) throws {
        try actor.require(.manageIntegrations)
        let plan = try store.organization(id: actor.organizationId)?.entitlements ?? .selfhosted
        guard plan != .free else {
            throw APIError(
                status: 403, code: "PLAN_REQUIRED", message: "Discord is available on Pro and Studio (and self-hosted) plans.")
        }
        try requireConfigured()
    }

    /// The hub's URL as Discord and the thread links must see it.
    func hubURL(origin: String) -> String { publicURL ?? origin }

    /// The installation starts with the member behind the caller, so the installer's Discord
    /// account maps to them.
    func installRequest(project: Project, actor: AccountActor, origin: String) throws -> DiscordInstall.Request {
        try requireConnectable(actor)
        let hub = hubURL(origin: origin)
        return DiscordInstall.Request(
            organizationId: actor.organizationId, projectId: project.id, appName: project.name, memberId: actor.memberId,
            redirectURI: hub + Self.callbackPath, hubURL: hub)
    }

    func configureRequest(project: Project, actor: AccountActor, channelId: String?) throws -> DiscordConfigure.Request {
        try requireConnectable(actor)
        let id = (channelId ?? "").trimmingCharacters(in: .whitespaces)
        guard Self.isSnowflake(id) else { throw APIError.invalidPayload(["channelId": ["must be a Discord channel ID"]]) }
        return DiscordConfigure.Request(projectId: project.id, channelId: id)
    }

    func testRequest(project: Project, actor: AccountActor) throws -> DiscordTest.Request {
        try requireConnectable(actor)
        return DiscordTest.Request(projectId: project.id)
    }

    /// Disconnecting needs the role only: a Free organization, or a hub whose bot was removed
    /// from the environment, can still drop its installation.
    func disconnectRequest(project: Project, actor: AccountActor) throws -> DiscordDisconnect.Request {
        try actor.require(.manageIntegrations)
        return DiscordDisconnect.Request(projectId: project.id)
    }

    static func isSnowflake(_ value: String) -> Bool {
        (1...maximumSnowflakeLength).contains(value.utf8.count) && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
