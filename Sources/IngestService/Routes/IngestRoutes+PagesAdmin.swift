import Dashboard
import HubHTTPServer

/// The apps and settings pages. Every member reads the apps (facts only); changing an app
/// needs `manageApps`, its identity secret and APNs key `manageCredentials`; settings are for
/// roles that manage members or tokens (checked by the page), and each change is checked
/// again by the store's `AccountActor` rules (only owners touch owners).
extension IngestRoutes {
    var adminPageRoutes: [RouteLine] {
        let apps = appsPages
        let settings = settingsPages
        let gate = pageGate
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubAsync("GET", "/dashboard/apps", gate.pageAsync(nil, apps.listPage), body: .serverDefault),
            .hubAsync("POST", "/dashboard/apps", gate.pageAsync(.manageApps, apps.create), body: form),
            .hubAsync("GET", "/dashboard/apps/{id}", gate.pageAsync(nil, apps.app), body: .serverDefault),
            .hubAsync("POST", "/dashboard/apps/{id}", gate.pageAsync(.manageApps, apps.saveSettings), body: form),
            .hubAsync(
                "POST", "/dashboard/apps/{id}/identity-secret", gate.pageAsync(.manageCredentials, apps.rotateSecret), body: form),
            .hubAsync(
                "POST", "/dashboard/apps/{id}/push-credentials", gate.pageAsync(.manageCredentials, apps.uploadKey),
                body: .bytes(AppsPagesHandler.keyUploadBytes)),
            .hubAsync(
                "POST", "/dashboard/apps/{id}/push-credentials/delete", gate.pageAsync(.manageCredentials, apps.deleteKey),
                body: form),
            .hubAsync(
                "POST", "/dashboard/apps/{id}/revenuecat", gate.pageAsync(.manageIntegrations, apps.connectRevenueCat), body: form),
            .hubAsync(
                "POST", "/dashboard/apps/{id}/revenuecat/disconnect", gate.pageAsync(.manageIntegrations, apps.disconnectRevenueCat),
                body: form),
            .hubSync("GET", "/dashboard/apps/{id}/erasures", gate.page(.manageApps, erasurePages.form), body: .serverDefault),
            .hubSync("POST", "/dashboard/apps/{id}/erasures/review", gate.page(.manageApps, erasurePages.review), body: form),
            .hubSync("POST", "/dashboard/apps/{id}/erasures", gate.page(.manageApps, erasurePages.create), body: form),
            .hubSync("GET", "/dashboard/erasures/{id}", gate.page(.manageApps, erasurePages.status), body: .serverDefault),
            .hubSync("GET", "/dashboard/settings", gate.page(nil, settings.page), body: .serverDefault),
            .hubSync("POST", "/dashboard/settings/invitations", gate.page(.manageMembers, settings.invite), body: form),
            .hubSync(
                "POST", "/dashboard/settings/invitations/{id}/revoke", gate.page(.manageMembers, settings.revokeInvitation), body: form),
            .hubSync("POST", "/dashboard/settings/members/{id}", gate.page(.manageMembers, settings.changeRole), body: form),
            .hubSync("POST", "/dashboard/settings/members/{id}/remove", gate.page(.manageMembers, settings.remove), body: form),
            .hubSync("POST", "/dashboard/settings/tokens", gate.page(.manageTokens, settings.createToken), body: form),
            .hubSync("POST", "/dashboard/settings/tokens/{id}/revoke", gate.page(.manageTokens, settings.revokeToken), body: form),
            .hubSync("GET", "/dashboard/settings/notifications", gate.page(nil, emailAlertsPages.page), body: .serverDefault),
            .hubSync("POST", "/dashboard/settings/notifications", gate.page(nil, emailAlertsPages.save), body: form),
            .hubSync("GET", "/email/unsubscribe/{token}", emailUnsubscribe.page, body: .serverDefault),
            .hubSync("POST", "/email/unsubscribe/{token}", emailUnsubscribe.unsubscribe, body: form),
        ]
    }
}
