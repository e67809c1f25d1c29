import Dashboard
import HubHTTPServer

/// An app's integration pages. Every member reads them; changing a connection needs
/// `manageIntegrations` (owners and admins), and `TelegramSettings` checks the plan.
extension IngestRoutes {
    var integrationPageRoutes: [RouteLine] {
        let gate = pageGate
        let telegram = telegramPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let base = "/dashboard/apps/{id}/integrations/telegram"
        return [
            .hubAsync("GET", base, gate.pageAsync(nil, telegram.page), body: .serverDefault),
            .hubAsync("POST", base, gate.pageAsync(.manageIntegrations, telegram.connect), body: form),
            .hubAsync("POST", base + "/group", gate.pageAsync(.manageIntegrations, telegram.chooseGroup), body: form),
            .hubAsync("POST", base + "/members", gate.pageAsync(.manageIntegrations, telegram.mapMember), body: form),
            .hubAsync("POST", base + "/disconnect", gate.pageAsync(.manageIntegrations, telegram.disconnect), body: form),
        ]
    }
}
