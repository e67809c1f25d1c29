import Dashboard
import HubHTTPServer

/// An app's integration pages. Every member reads them; changing a connection needs
/// `manageIntegrations` (owners and admins), and `TelegramSettings` and `DiscordSettings`
/// check the plan.
extension IngestRoutes {
    var integrationPageRoutes: [RouteLine] {
        let gate = pageGate
        let telegram = telegramPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let base = "/dashboard/apps/{id}/integrations/telegram"
        let discord = discordPages
        let discordBase = "/dashboard/apps/{id}/integrations/discord"
        return [
            .hubAsync("GET", base, gate.pageAsync(nil, telegram.page), body: .serverDefault),
            .hubAsync("POST", base, gate.pageAsync(.manageIntegrations, telegram.connect), body: form),
            .hubAsync("POST", base + "/group", gate.pageAsync(.manageIntegrations, telegram.chooseGroup), body: form),
            .hubAsync("POST", base + "/members", gate.pageAsync(.manageIntegrations, telegram.mapMember), body: form),
            .hubAsync("POST", base + "/disconnect", gate.pageAsync(.manageIntegrations, telegram.disconnect), body: form),
            .hubAsync("GET", discordBase, gate.pageAsync(nil, discord.page), body: .serverDefault),
            .hubAsync("POST", discordBase + "/install", gate.pageAsync(.manageIntegrations, discord.install), body: form),
            .hubAsync("POST", discordBase + "/channel", gate.pageAsync(.manageIntegrations, discord.chooseChannel), body: form),
            .hubAsync("POST", discordBase + "/test", gate.pageAsync(.manageIntegrations, discord.test), body: form),
            .hubAsync("POST", discordBase + "/disconnect", gate.pageAsync(.manageIntegrations, discord.disconnect), body: form),
        ]
    }
}
