import Dashboard
import HubHTTPServer

/// The dashboard's pages (HTML, `Sources/Dashboard`), apart from the API tables: they are not
/// in `docs/openapi.yaml`. Every page goes through `PageGate`: a session, the same-origin check
/// and the form token on posts, the role's permission where one is named.
extension IngestRoutes {
    /// Form posts read at most this much (a reply's text, settings); photo and key uploads
    /// say their own limit.
    static let pageFormBytes = 256 * 1024

    var pageRoutes: [RouteLine] {
        accountPageRoutes + inboxPageRoutes + triagePageRoutes + adminPageRoutes + roadmapPageRoutes + integrationPageRoutes
            + notificationPageRoutes
            + appStorePageRoutes
            + storeListingPageRoutes
            + marketPageRoutes
            + featureRequestPageRoutes
            + retentionPageRoutes
            + accountDeletionPageRoutes
    }

    var accountPageRoutes: [RouteLine] {
        let pages = accountPages
        let gate = pages.gate
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubSync("GET", "/", { _ in PageResponse.redirect(AccountPagesHandler.home) }, body: .serverDefault),
            .hubSync("GET", "/assets/{name}", pages.asset, body: .serverDefault),
            .hubSync("GET", "/login", gate.open(pages.loginPage), body: .serverDefault),
            .hubAsync("POST", "/login", gate.openAsync(pages.login), body: form),
            .hubSync("POST", "/logout", gate.page(nil, pages.logout), body: form),
            .hubSync("GET", "/invite/{code}", gate.open(pages.invitePage), body: .serverDefault),
            .hubAsync("POST", "/invite/{code}", gate.openAsync(pages.accept), body: form),
            .hubSync("GET", "/dashboard/account", gate.page(nil, pages.accountPage), body: .serverDefault),
            .hubAsync("POST", "/dashboard/account", gate.pageAsync(nil, pages.changePassword), body: form),
        ]
    }
}
